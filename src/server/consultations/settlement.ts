import { and, eq, sql } from 'drizzle-orm'
import type { CreditSummary } from '../../shared/credits-schemas'
import type { SourceItem } from '../../shared/search-schemas'
import { refundToBalance, toSummary } from '../credits/ledger'
import type { Db } from '../db/client'
import { queryRows } from '../db/query'
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
 * What a reservation found: the chat session's owner (null when a concurrent claim is not visible yet) and the
 * consultation's id (null when nothing was reserved).
 */
export type Reservation = { owner: string | null; id: number | null }

/**
 * Claims the chat session and reserves the agent's cost, recording the consultation, in ONE statement (one
 * implicit transaction, one round trip). The session id belongs to whoever used it first: a new id is claimed, an
 * existing one's owner read, and nothing is reserved unless the owner is this user. The conditional debit admits a
 * request only while the balance covers it — PostgreSQL re-checks the condition on the locked row, so concurrent
 * requests cannot both pass — and only an admitted request writes the consultation and its ledger row.
 */
export async function reserveConsultation(db: Db, input: NewConsultation): Promise<Reservation> {
  const { userId, sessionId, agentId, countryCode, question, cost } = input
  const rows = await queryRows<{ owner: string | null; id: number | null }>(
    db,
    sql`
    with claimed as (
      insert into consultation_sessions (session_id, user_id) values (${sessionId}, ${userId})
      on conflict (session_id) do nothing
      returning user_id
    ), owner as (
      select user_id from claimed
      union all
      select user_id from consultation_sessions where session_id = ${sessionId}
      limit 1
    ), mine as (
      select 1 as ok from owner where user_id = ${userId}
    ), debit as (
      update user_credits_summary
      set remaining_credits = remaining_credits - ${cost}, updated_at = now()
      where user_id = ${userId} and remaining_credits >= ${cost} and ${cost}::int > 0 and exists (select 1 from mine)
      returning user_id
    ), admitted as (
      select 1 as ok from mine where ${cost}::int = 0 or exists (select 1 from debit)
    ), made as (
      insert into consultations (user_id, session_id, agent_id, country_code, question, cost)
      select ${userId}, ${sessionId}, ${agentId}, ${countryCode}, ${question}, ${cost} from admitted
      returning id
    ), moved as (
      insert into credit_ledger (user_id, amount, kind, consultation_id)
      select ${userId}, ${-cost}, 'reserve', id from made
      returning id
    )
    select (select user_id from owner) as owner, (select id from made) as id, (select count(*) from moved) as moved`,
  )
  const row = rows[0]
  return { owner: row?.owner ?? null, id: row?.id == null ? null : Number(row.id) }
}

/** Who a chat session belongs to, or null when nobody has used its id. */
export async function sessionOwner(db: Db, sessionId: string): Promise<string | null> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from consultation_sessions where session_id = ${sessionId}`,
  )
  return rows[0]?.user_id ?? null
}

type Result = {
  answer: string | null
  contextLeyes: SourceItem[]
  contextSentencias: SourceItem[]
}

/**
 * The reservation becomes a charge: messages_sent + 1, no balance change (it was taken at reservation), the
 * session's partial answers gone. Only from 'reserved', so a second settle of the same consultation does nothing
 * and returns null. Returns the user's summary as the same statement left it (the answer carries it without
 * another round trip).
 */
export async function chargeConsultation(db: Db, id: number, result: Result): Promise<CreditSummary | null> {
  // One statement: the state change, messages_sent + 1 (an upsert, since a free agent's user may have no row), and
  // the session's partial answers cleared (they matter only while the consultation runs).
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
    with charged as (
      update consultations
      set state = 'charged', outcome = 'answered', answer = ${result.answer},
        context_leyes = ${JSON.stringify(result.contextLeyes)}::jsonb,
        context_sentencias = ${JSON.stringify(result.contextSentencias)}::jsonb,
        finished_at = now()
      where id = ${id} and state = 'reserved'
      returning user_id, session_id
    ), counted as (
      insert into user_credits_summary (user_id, messages_sent)
      select user_id, 1 from charged
      on conflict (user_id) do update
      set messages_sent = user_credits_summary.messages_sent + 1, updated_at = now()
      returning user_id, remaining_credits, total_credits, messages_sent, updated_at
    ), cleared as (
      delete from n8n_partial_answers where session_id in (select session_id from charged)
    )
    select counted.* from charged, counted`,
  )
  const row = rows[0]
  return row
    ? toSummary({
        userId: row.user_id,
        remainingCredits: Number(row.remaining_credits),
        totalCredits: Number(row.total_credits),
        messagesSent: Number(row.messages_sent),
        updatedAt: new Date(row.updated_at),
      })
    : null
}

type SummaryRow = {
  user_id: string
  remaining_credits: number
  total_credits: number
  messages_sent: number
  updated_at: string | Date
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
 * A consultation whose server stopped (or whose request was lost) leaves its reservation behind. Anything still
 * reserved after the agent's time limit is refunded as a timeout: credits never stay taken for an answer nobody
 * will deliver. Run at start and periodically on every instance (recovery/recovery.ts); each refund is
 * refundConsultation's conditional transaction, so when several sweeps find the same row only one refunds it.
 */
export async function refundStaleReservations(db: Db, olderThanMs: number, batch = 500): Promise<number> {
  const stale = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(
        eq(consultations.state, 'reserved'),
        sql`${consultations.createdAt} < now() - make_interval(secs => ${olderThanMs / 1000})`,
      ),
    )
    .orderBy(consultations.id)
    .limit(batch)
  let refunded = 0
  for (const { id } of stale) {
    if (
      await refundConsultation(db, id, 'timeout', {
        error: 'sin respuesta: servidor detenido o consulta perdida',
      })
    )
      refunded++
  }
  return refunded
}
