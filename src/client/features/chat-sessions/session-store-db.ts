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
    const { openChatDatabase, indexedDbStorage } = await import('./session-store-indexeddb')
    return indexedDbStorage(await openChatDatabase())
  } catch (error) {
    console.warn('Historial en localStorage: IndexedDB no está disponible', error)
    return localStorageStorage()
  }
}
