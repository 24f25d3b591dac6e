import { type ChatMessage, type ChatSession, DEFAULT_SESSION_TITLE } from './session-types'

const TITLE_MAX = 60

/** Ids the server accepts for a chat session (/^[A-Za-z0-9_-]{1,100}$/). */
export function newSessionId(): string {
  return crypto.randomUUID()
}

export function newSession(userId: string, agentId: string | null = null, now = Date.now()): ChatSession {
  return {
    session_id: newSessionId(),
    user_id: userId,
    agentId,
    title: DEFAULT_SESSION_TITLE,
    createdAt: now,
    lastModified: now,
    messages: [],
    lastAgentId: agentId,
  }
}

/** The title a session takes from its first question: one line, at most 60 characters, cut at a word. */
export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim()
  if (!line) return DEFAULT_SESSION_TITLE
  if (line.length <= TITLE_MAX) return line
  const cut = line.slice(0, TITLE_MAX)
  const space = cut.lastIndexOf(' ')
  return `${(space > 30 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`
}

/** Adds a message; the first user message names the session. */
export function withMessage(session: ChatSession, message: ChatMessage, now = Date.now()): ChatSession {
  const first = message.isUser && !session.messages.some((m) => m.isUser)
  return {
    ...session,
    title:
      first && session.title === DEFAULT_SESSION_TITLE ? titleFromQuestion(message.content) : session.title,
    messages: [...session.messages, message],
    lastModified: now,
  }
}

/** Spec §2: the list sorted by creation date, newest first. */
export function sortSessions(sessions: ChatSession[]): ChatSession[] {
  return [...sessions].sort((a, b) => b.createdAt - a.createdAt)
}

/**
 * Spec §4: deleting the current session moves to the most recently modified remaining one; when none remain a
 * new empty one is created. Deleting another session keeps the current one.
 */
export function afterDelete(
  sessions: ChatSession[],
  deletedId: string,
  currentId: string | null,
  makeEmpty: () => ChatSession,
): { sessions: ChatSession[]; currentId: string; created: ChatSession | null } {
  const remaining = sessions.filter((s) => s.session_id !== deletedId)
  if (currentId && currentId !== deletedId && remaining.some((s) => s.session_id === currentId)) {
    return { sessions: remaining, currentId, created: null }
  }
  const next = [...remaining].sort((a, b) => b.lastModified - a.lastModified)[0]
  if (next) return { sessions: remaining, currentId: next.session_id, created: null }
  const created = makeEmpty()
  return { sessions: [created], currentId: created.session_id, created }
}

/**
 * Spec §4 initial load: one empty session when there are none; the remembered one if it still exists, else the
 * most recently modified.
 */
export function initialCurrent(
  sessions: ChatSession[],
  remembered: string | null,
  makeEmpty: () => ChatSession,
): { sessions: ChatSession[]; currentId: string; created: ChatSession | null } {
  if (sessions.length === 0) {
    const created = makeEmpty()
    return { sessions: [created], currentId: created.session_id, created }
  }
  if (remembered && sessions.some((s) => s.session_id === remembered)) {
    return { sessions, currentId: remembered, created: null }
  }
  const latest = [...sessions].sort((a, b) => b.lastModified - a.lastModified)[0]!
  return { sessions, currentId: latest.session_id, created: null }
}

/** Lower case without accents, so 'despido' finds 'DESPÍDO' and 'pension' finds 'pensión'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

export type SessionMatch = { session: ChatSession; messageId: string | null }

/**
 * The sidebar search: every session whose title matches (case- and accent-insensitive), and beyond the spec,
 * whose messages do, with the first matching message to jump to. Sorted like the list.
 */
export function searchSessions(sessions: ChatSession[], query: string): SessionMatch[] {
  const q = foldText(query.trim())
  const sorted = sortSessions(sessions)
  if (!q) return sorted.map((session) => ({ session, messageId: null }))
  const out: SessionMatch[] = []
  for (const session of sorted) {
    if (foldText(session.title).includes(q)) {
      out.push({ session, messageId: null })
      continue
    }
    const hit = session.messages.find((m) => foldText(m.content).includes(q))
    if (hit) out.push({ session, messageId: hit.id })
  }
  return out
}

/** The words around the first match of `query` in `text` (accent-insensitive), to show under a found chat. */
export function snippetAround(text: string, query: string, radius = 40): string {
  const plain = text
    .normalize('NFC')
    .replace(/[#*_`>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const q = foldText(query.trim())
  const at = q ? foldText(plain).indexOf(q) : -1
  if (at < 0) return plain.slice(0, radius * 2)
  const start = Math.max(0, at - radius)
  const end = Math.min(plain.length, at + q.length + radius)
  return `${start > 0 ? '…' : ''}${plain.slice(start, end).trim()}${end < plain.length ? '…' : ''}`
}
