import type { ConsultationRecord } from '../../../shared/consultation-schemas'
import type { ChatEntry } from './chat-types'

/** An entry of text alone, no sources: what this tab adds before the server has a record. */
export const textEntry = (id: string, role: ChatEntry['role'], content: string): ChatEntry => ({
  id,
  role,
  content,
  historyId: null,
  context_leyes: [],
  context_sentencias: [],
})

/** A question sent from this tab, shown before the server has a record of it. */
export const localQuestion = (text: string) => textEntry(`local-${Date.now()}`, 'user', text)
export const isLocalQuestion = (e: ChatEntry) => e.id.startsWith('local-')
/** What sending a question from this tab met (no credits, a network error): shown under that question. */
export const localError = (message: string) => textEntry(`err-${Date.now()}`, 'error', message)
export const isLocalError = (e: ChatEntry) => e.id.startsWith('err-')

/** Words as compared with the server's record: the same text however its spaces or accents were encoded. */
const words = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim()

/**
 * The entries of this tab that still stand once the server's records of the session are read. A question sent from
 * here gives way to the server's record of it — a record not on screen before, with the same words (an older
 * identical question is another one) — and so do the errors its sending met: a network error lost the HTTP
 * answer, not the question, which the server went on answering. A question the server never recorded stays,
 * with its error, so the reader still sees what did not get through — until a later question of this tab is
 * recorded: the records come first on screen, and the failed question would show below the one asked after it.
 */
export function unrecordedLocal(
  shown: readonly ChatEntry[],
  records: readonly ConsultationRecord[],
): ChatEntry[] {
  const onScreen = new Set(shown.map((e) => e.id))
  const fresh = records.filter((r) => !onScreen.has(`q-${r.history_id}`))
  const out: ChatEntry[] = []
  let standing = false
  for (const entry of shown) {
    if (isLocalQuestion(entry)) {
      const at = fresh.findIndex((r) => words(r.question) === words(entry.content))
      standing = at < 0
      if (standing) out.push(entry)
      else {
        fresh.splice(at, 1)
        out.length = 0
      }
    } else if (isLocalError(entry) && standing) {
      out.push(entry)
    }
  }
  return out
}
