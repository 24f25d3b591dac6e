import type { ChatEntry } from '../chat'
import { titleFromQuestion } from './session-rules'
import { type ChatMessage, type ChatSession, DEFAULT_SESSION_TITLE } from './session-types'

/** The conversation as the session keeps it (spec §3 Message): questions and answers, not transient errors. */
export function entriesToMessages(
  entries: ChatEntry[],
  previous: ChatMessage[],
  now = Date.now(),
): ChatMessage[] {
  const before = new Map(previous.map((m) => [m.id, m]))
  return entries
    .filter((e) => e.role !== 'error')
    .map((e) => ({
      id: e.id,
      content: e.content,
      isUser: e.role === 'user',
      context_leyes: e.context_leyes,
      context_sentencias: e.context_sentencias,
      historyId: e.historyId,
      feedback: before.get(e.id)?.feedback ?? null,
      createdAt: before.get(e.id)?.createdAt ?? now,
    }))
}

const sameMessages = (a: ChatMessage[], b: ChatMessage[]) =>
  a.length === b.length && a.every((m, i) => m.id === b[i]!.id && m.content === b[i]!.content)

/**
 * The session after its conversation changed: messages replaced, the title taken from the first question while
 * it still has the default one, lastModified moved only when something changed. Returns the same object when
 * nothing did, so callers can skip the write.
 */
export function withConversation(
  session: ChatSession,
  entries: ChatEntry[],
  agentId: string | null,
  now = Date.now(),
): ChatSession {
  const messages = entriesToMessages(entries, session.messages, now)
  const agentChanged = agentId !== null && messages.length > 0 && agentId !== session.lastAgentId
  if (sameMessages(messages, session.messages) && !agentChanged) return session
  const first = messages.find((m) => m.isUser)
  return {
    ...session,
    messages,
    title:
      session.title === DEFAULT_SESSION_TITLE && first ? titleFromQuestion(first.content) : session.title,
    agentId: session.agentId ?? agentId,
    lastAgentId: agentId ?? session.lastAgentId,
    lastModified: sameMessages(messages, session.messages) ? session.lastModified : now,
  }
}
