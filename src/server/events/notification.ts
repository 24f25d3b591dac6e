import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'

/** The channel the triggers of migration 0006 announce on. */
export const EVENTS_CHANNEL = 'lexia_events'

/**
 * What a trigger announces: which row changed, never the row itself (NOTIFY payloads are capped at 8000 bytes).
 * `s` is the session id of a partial answer, absent when it was too long to announce.
 */
export const notificationSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('partial'), id: z.number().int(), s: z.string().nullish() }),
  z.object({ t: z.literal('credits'), u: z.string() }),
  z.object({ t: z.literal('consultation'), id: z.number().int() }),
  /** An account's sessions were ended (disabled in the console): every instance forgets its cached ones. */
  z.object({ t: z.literal('sessions'), u: z.string() }),
])
export type Notification = z.infer<typeof notificationSchema>

export function parseNotification(payload: string): Notification | null {
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(payload))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Tells every instance (this one too) that an account's sessions ended. Sent inside the transaction that ends
 * them, it is delivered at its commit and not at all on a rollback, like the triggers' announcements.
 */
export async function announceSessionsEnded(db: Db | Tx, userId: string): Promise<void> {
  const payload = JSON.stringify({ t: 'sessions', u: userId } satisfies Notification)
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`)
}
