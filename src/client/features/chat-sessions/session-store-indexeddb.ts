import Dexie, { type Table } from 'dexie'
import type { SessionStorage } from './session-store-db'
import type { ChatSession } from './session-types'

type LastSession = { user_id: string; session_id: string }

/** Spec §9: database asistente_chat_db, version 1, stores chat_sessions (session_id, user_id) and last_session. */
export class ChatDatabase extends Dexie {
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
