import { and, eq, sql } from 'drizzle-orm'
import type { SourceItem } from '../../shared/search-schemas'
import { recordMovement, refundToBalance, takeIfEnough } from '../credits/ledger'
import { userCreditsSummary } from '../credits/schema'
import type { Db } from '../db/client'
import { consultations } from './schema'

export type NewConsultation = {
  userId: string
  sessionId: string
  agentId: string
  countryCode: string
  question: string
  cost: number
}

/**
 * Reserves the agent's cost and records the consultation, in one transaction: the conditional debit admits a
 * request only while the balance covers it. Returns null, writing nothing, when it does not.
 */
export async function reserveConsultation(db: Db, input: NewConsultation): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (!(await takeIfEnough(tx, input.userId, input.cost))) return null
    const [row] = await tx.insert(consultations).values(input).returning({ id: consultations.id })
    const id = row!.id
    await recordMovement(tx, {
      userId: input.userId,
      amount: -input.cost,
      kind: 'reserve',
      consultationId: id,
    })
    return id
  })
}

type Result = {
  answer: string | null
  contextLeyes: SourceItem[]
  contextSentencias: SourceItem[]
}

/**
 * The reservation becomes a charge: messages_sent + 1, no balance change (it was taken at reservation). Only from
 * 'reserved', so a second settle of the same consultation does nothing and returns false.
 */
export async function chargeConsultation(db: Db, id: number, result: Result): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(consultations)
      .set({
        state: 'charged',
        outcome: 'answered',
        answer: result.answer,
        contextLeyes: result.contextLeyes,
        contextSentencias: result.contextSentencias,
        finishedAt: sql`now()`,
      })
      .where(and(eq(consultations.id, id), eq(consultations.state, 'reserved')))
      .returning({ userId: consultations.userId })
    if (!row) return false
    // An upsert: a free agent may be used by someone who never had a balance row.
    await tx
      .insert(userCreditsSummary)
      .values({ userId: row.userId, messagesSent: 1 })
      .onConflictDoUpdate({
        target: userCreditsSummary.userId,
        set: { messagesSent: sql`${userCreditsSummary.messagesSent} + 1`, updatedAt: sql`now()` },
      })
    return true
  })
}

/** The reservation goes back to the balance: the agent failed, timed out, or asked not to charge. Once only. */
export async function refundConsultation(
  db: Db,
  id: number,
  outcome: 'skipped' | 'failed' | 'timeout',
  result: Partial<Result> & { error?: string | null } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(consultations)
      .set({
        state: 'refunded',
        outcome,
        answer: result.answer ?? null,
        contextLeyes: result.contextLeyes ?? [],
        contextSentencias: result.contextSentencias ?? [],
        error: result.error ?? null,
        finishedAt: sql`now()`,
      })
      .where(and(eq(consultations.id, id), eq(consultations.state, 'reserved')))
      .returning({ userId: consultations.userId, cost: consultations.cost })
    if (!row) return false
    await refundToBalance(tx, row.userId, row.cost, id)
    return true
  })
}

/**
 * A server that stopped mid-consultation leaves its reservation behind. At start, anything still reserved after
 * the agent's time limit is refunded (as a timeout): credits never stay taken for an answer nobody will deliver.
 */
export async function refundStaleReservations(db: Db, olderThanMs: number): Promise<number> {
  const stale = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(
        eq(consultations.state, 'reserved'),
        sql`${consultations.createdAt} < now() - make_interval(secs => ${olderThanMs / 1000})`,
      ),
    )
  let refunded = 0
  for (const { id } of stale) {
    if (await refundConsultation(db, id, 'timeout', { error: 'servidor reiniciado durante la consulta' }))
      refunded++
  }
  return refunded
}
