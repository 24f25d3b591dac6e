import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { authThrottle } from './schema'

/**
 * `max` hits per `window` seconds. With `lockOnMax` the window restarts at the max-th hit, so whatever came
 * before, the last allowed hit is followed by a full `window` of refusals (a lock, not just a quota).
 */
export type ThrottleRule = { window: number; max: number; lockOnMax?: boolean }

export type Claim = { allowed: boolean; hits: number; retryAfterSeconds: number }

const seconds = (n: number) => sql.raw(`interval '${Math.trunc(n)} seconds'`)

/**
 * Counts one hit for (scope, subject) and says whether it is within the rule. One INSERT … ON CONFLICT DO UPDATE:
 * PostgreSQL takes the row lock, so concurrent hits from any number of instances each see a distinct count and
 * exactly `max` of them are allowed per window.
 */
export async function claimHit(db: Db, scope: string, subject: string, rule: ThrottleRule): Promise<Claim> {
  const t = authThrottle
  const expired = sql`${t.windowStartedAt} <= now() - ${seconds(rule.window)}`
  const locksNow = rule.lockOnMax ? sql`${t.hits} + 1 = ${sql.raw(String(Math.trunc(rule.max)))}` : sql`false`
  const [row] = await db
    .insert(t)
    .values({ scope, subject, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [t.scope, t.subject],
      set: {
        // Capped: a locked subject hammered for hours must not count towards an integer overflow.
        hits: sql`case when ${expired} then 1 else least(${t.hits} + 1, ${sql.raw(String(Math.trunc(rule.max) + 1))}) end`,
        windowStartedAt: sql`case when ${expired} or ${locksNow} then now() else ${t.windowStartedAt} end`,
      },
    })
    .returning({
      hits: t.hits,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${t.windowStartedAt} + ${seconds(rule.window)} - now()))))::int`,
    })
  const hits = row!.hits
  return { allowed: hits <= rule.max, hits, retryAfterSeconds: Number(row!.retryAfterSeconds) }
}

/** Forgets the subject's hits (a correct password ends the run of failures). */
export async function clearHits(db: Db, scope: string, subject: string): Promise<void> {
  await db.delete(authThrottle).where(and(eq(authThrottle.scope, scope), eq(authThrottle.subject, subject)))
}

/** Rows whose window ended long ago count for nothing; deleting them keeps the table to recent subjects. */
export async function pruneHits(db: Db, olderThanSeconds: number): Promise<void> {
  await db
    .delete(authThrottle)
    .where(sql`${authThrottle.windowStartedAt} < now() - ${seconds(olderThanSeconds)}`)
}
