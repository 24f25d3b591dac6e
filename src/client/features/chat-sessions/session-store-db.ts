import Dexie, { type Table } from 'dexie'
import type { ChatSession } from './session-types'

/** Where a user's chat sessions live: the browser database, or local storage where it is unavailable. */
export interface SessionStorage {
  readonly kind: 'indexeddb' | 'localstorage'
  list(userId: string): Promise<ChatSession[]>
  put(session: ChatSession): Promise<void>
  remove(userId: string, sessionId: string): Promise<void>
  getLast(userId: string): Promise<string | null>
  setLast(userId: string, sessionId: string): Promise<void>
}

type LastSession = { user_id: string; session_id: string }

/** Spec §9: database asistente_chat_db, version 1, stores chat_sessions (session_id, user_id) and last_session. */
class ChatDatabase extends Dexie {
  chat_sessions!: Table<ChatSession, string>
  last_session!: Table<LastSession, string>
  constructor() {
    super('asistente_chat_db')
    this.version(1).stores({ chat_sessions: 'session_id, user_id', last_session: 'user_id' })
  }
}

export function indexedDbStorage(db = new ChatDatabase()): SessionStorage {
  return {
    kind: 'indexeddb',
    list: (userId) => db.chat_sessions.where('user_id').equals(userId).toArray(),
    put: async (session) => {
      await db.chat_sessions.put(session)
    },
    remove: async (userId, sessionId) => {
      // Only the owner's row: a session id alone never deletes another user's chat.
      await db.chat_sessions.where({ session_id: sessionId, user_id: userId }).delete()
    },
    getLast: async (userId) => (await db.last_session.get(userId))?.session_id ?? null,
    setLast: async (userId, sessionId) => {
      await db.last_session.put({ user_id: userId, session_id: sessionId })
    },
  }
}

/** Spec §9 fallback keys: chat_sessions_{user} and {user}_lastSessionId. */
export function localStorageStorage(storage: Storage = window.localStorage): SessionStorage {
  const key = (userId: string) => `chat_sessions_${userId}`
  const read = (userId: string): ChatSession[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key(userId)) ?? '[]')
      return Array.isArray(parsed) ? (parsed as ChatSession[]) : []
    } catch (error) {
      console.error('No se pudo leer el historial local', error)
      return []
    }
  }
  const write = (userId: string, sessions: ChatSession[]) => {
    try {
      storage.setItem(key(userId), JSON.stringify(sessions))
    } catch (error) {
      console.error('No se pudo guardar el historial local', error)
    }
  }
  return {
    kind: 'localstorage',
    list: async (userId) => read(userId),
    put: async (session) => {
      const rest = read(session.user_id).filter((s) => s.session_id !== session.session_id)
      write(session.user_id, [...rest, session])
    },
    remove: async (userId, sessionId) => {
      write(
        userId,
        read(userId).filter((s) => s.session_id !== sessionId),
      )
    },
    getLast: async (userId) => storage.getItem(`${userId}_lastSessionId`),
    setLast: async (userId, sessionId) => {
      try {
        storage.setItem(`${userId}_lastSessionId`, sessionId)
      } catch (error) {
        console.error('No se pudo guardar la última sesión', error)
      }
    },
  }
}

/** The browser database when it opens (private modes and old browsers may refuse it), else local storage. */
export async function openSessionStorage(): Promise<SessionStorage> {
  try {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB no disponible')
    const db = new ChatDatabase()
    await db.open()
    return indexedDbStorage(db)
  } catch (error) {
    console.warn('Historial en localStorage: IndexedDB no está disponible', error)
    return localStorageStorage()
  }
}
