import { and, asc, eq } from 'drizzle-orm'
import type { ConsultationRecord } from '../../shared/consultation-schemas'
import type { Db } from '../db/client'
import { latestPartialAnswer } from './partial-answers'
import { consultations } from './schema'

type Row = typeof consultations.$inferSelect

export function toRecord(row: Row, partial: string | null): ConsultationRecord {
  return {
    history_id: row.id,
    session_id: row.sessionId,
    agent_id: row.agentId,
    question: row.question,
    answer: row.answer,
    partial_answer: row.outcome === 'pending' ? partial : null,
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
  const pending = rows.some((r) => r.outcome === 'pending')
  const partial = pending ? await latestPartialAnswer(db, sessionId) : null
  return rows.map((r) => toRecord(r, partial))
}

export async function ownRecord(
  db: Db,
  userId: string,
  historyId: number,
): Promise<ConsultationRecord | null> {
  const [row] = await db
    .select()
    .from(consultations)
    .where(and(eq(consultations.id, historyId), eq(consultations.userId, userId)))
  if (!row) return null
  return toRecord(row, row.outcome === 'pending' ? await latestPartialAnswer(db, row.sessionId) : null)
}
