import { and, asc, eq } from 'drizzle-orm'
import type { ConsultationRecord } from '../../shared/consultation-schemas'
import type { Db } from '../db/client'
import { latestPartialAnswer } from './partial-answers'
import { consultations } from './schema'

type Row = typeof consultations.$inferSelect

/**
 * A consultation as its owner reads it (the REST history and the stream's 'consultation' event alike), with the
 * newest partial answer while it is pending: one written since it began, so an earlier consultation's leftovers in
 * the same session are not taken for its own.
 */
export async function toRecord(db: Db, row: Row): Promise<ConsultationRecord> {
  const partial =
    row.outcome === 'pending' ? await latestPartialAnswer(db, row.sessionId, row.createdAt) : null
  return {
    history_id: row.id,
    session_id: row.sessionId,
    agent_id: row.agentId,
    question: row.question,
    answer: row.answer,
    partial_answer: partial,
    context_leyes: row.contextLeyes,
    context_sentencias: row.contextSentencias,
    cost: row.cost,
    state: row.state,
    outcome: row.outcome,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  }
}

/** The caller's consultations in one chat session, oldest first; someone else's session reads as empty. */
export async function sessionRecords(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<ConsultationRecord[]> {
  const rows = await db
    .select()
    .from(consultations)
    .where(and(eq(consultations.userId, userId), eq(consultations.sessionId, sessionId)))
    .orderBy(asc(consultations.createdAt), asc(consultations.id))
  return Promise.all(rows.map((r) => toRecord(db, r)))
}

/** One of the caller's consultations; someone else's reads as missing. */
export async function ownRecord(
  db: Db,
  userId: string,
  historyId: number,
): Promise<ConsultationRecord | null> {
  const [row] = await db
    .select()
    .from(consultations)
    .where(and(eq(consultations.id, historyId), eq(consultations.userId, userId)))
  return row ? toRecord(db, row) : null
}

/** Any consultation by id, with its owner: the event hub checks the owner before it sends the record to a tab. */
export async function recordWithOwner(
  db: Db,
  historyId: number,
): Promise<{ userId: string; record: ConsultationRecord } | null> {
  const [row] = await db.select().from(consultations).where(eq(consultations.id, historyId))
  return row ? { userId: row.userId, record: await toRecord(db, row) } : null
}
