import type { ConsultationRecord } from '../../../shared/consultation-schemas'
import type { ChatEntry } from './chat-types'

export const FAILED_ANSWER = 'No se pudo obtener respuesta del agente. No se descontaron créditos.'

/** A session's history from the server as chat entries: each question, then its answer (or why there is none). */
export function recordsToEntries(records: ConsultationRecord[]): ChatEntry[] {
  const out: ChatEntry[] = []
  for (const r of records) {
    out.push({
      id: `q-${r.history_id}`,
      role: 'user',
      content: r.question,
      historyId: null,
      context_leyes: [],
      context_sentencias: [],
    })
    if (r.outcome === 'pending') continue
    if (r.answer) {
      out.push({
        id: `a-${r.history_id}`,
        role: 'agent',
        content: r.answer,
        historyId: r.history_id,
        context_leyes: r.context_leyes,
        context_sentencias: r.context_sentencias,
      })
    } else {
      out.push({
        id: `e-${r.history_id}`,
        role: 'error',
        content: FAILED_ANSWER,
        historyId: null,
        context_leyes: [],
        context_sentencias: [],
      })
    }
  }
  return out
}
