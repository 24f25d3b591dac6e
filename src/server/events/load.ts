import { desc, eq, sql } from 'drizzle-orm'
import { type CreditSummary, creditSummarySchema } from '../../shared/credits-schemas'
import type { StreamEvent } from '../../shared/stream-events'
import { consultationSessions, consultations, n8nPartialAnswers } from '../consultations/schema'
import { userCreditsSummary } from '../credits/schema'
import type { Db } from '../db/client'
import { queryRows } from '../db/query'

export type PartialEvent = Extract<StreamEvent, { type: 'partial' }>
/** A partial answer row as the hub fans it out: its id (to skip repeats) and the session's owner. */
export type OwnedPartial = { id: number; userId: string; event: PartialEvent }

const partialColumns = {
  id: n8nPartialAnswers.id,
  sessionId: n8nPartialAnswers.sessionId,
  partialAnswer: n8nPartialAnswers.partialAnswer,
  userId: consultationSessions.userId,
}

function toOwnedPartial(row: { id: number; sessionId: string; partialAnswer: string; userId: string }) {
  return {
    id: row.id,
    userId: row.userId,
    event: { type: 'partial', session_id: row.sessionId, partial_answer: row.partialAnswer },
  } satisfies OwnedPartial
}

/** The newest partial answer written for a session, with the session's owner; null for an unclaimed session. */
export async function latestPartial(db: Db, sessionId: string): Promise<OwnedPartial | null> {
  const [row] = await db
    .select(partialColumns)
    .from(n8nPartialAnswers)
    .innerJoin(consultationSessions, eq(consultationSessions.sessionId, n8nPartialAnswers.sessionId))
    .where(eq(n8nPartialAnswers.sessionId, sessionId))
    .orderBy(desc(n8nPartialAnswers.id))
    .limit(1)
  return row ? toOwnedPartial(row) : null
}

export async function partialById(db: Db, id: number): Promise<OwnedPartial | null> {
  const [row] = await db
    .select(partialColumns)
    .from(n8nPartialAnswers)
    .innerJoin(consultationSessions, eq(consultationSessions.sessionId, n8nPartialAnswers.sessionId))
    .where(eq(n8nPartialAnswers.id, id))
  return row ? toOwnedPartial(row) : null
}

export async function creditSummary(db: Db, userId: string): Promise<CreditSummary | null> {
  const [row] = await db.select().from(userCreditsSummary).where(eq(userCreditsSummary.userId, userId))
  if (!row) return null
  return creditSummarySchema.parse({
    remaining_credits: row.remainingCredits,
    total_credits: row.totalCredits,
    messages_sent: row.messagesSent,
    updated_at: row.updatedAt.toISOString(),
    user_id: row.userId,
  })
}

/**
 * What a tab needs on (re)connecting to pick up where it was: the credit summary, when the user has one, and
 * the latest partial answer of each consultation still pending (written since that consultation began).
 */
export async function userSnapshot(db: Db, userId: string): Promise<StreamEvent[]> {
  const events: StreamEvent[] = []
  const summary = await creditSummary(db, userId)
  if (summary) events.push({ type: 'credits', summary })
  const partials = await queryRows<{ session_id: string; partial_answer: string }>(
    db,
    sql`select p.session_id, p.partial_answer
        from ${consultations} c
        join lateral (
          select pa.session_id, pa.partial_answer from ${n8nPartialAnswers} pa
          where pa.session_id = c.session_id and pa.created_at >= c.created_at
          order by pa.id desc limit 1
        ) p on true
        where c.user_id = ${userId} and c.outcome = 'pending'
        order by c.id`,
  )
  const seen = new Set<string>()
  for (const p of partials) {
    // Two pending consultations in one session share its newest partial: send it once.
    if (seen.has(p.session_id)) continue
    seen.add(p.session_id)
    events.push({ type: 'partial', session_id: p.session_id, partial_answer: p.partial_answer })
  }
  return events
}
