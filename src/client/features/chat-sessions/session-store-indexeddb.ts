import type { SessionStorage } from './session-store-db'
import type { ChatSession } from './session-types'

/**
 * Spec §9: database asistente_chat_db, version 1, stores chat_sessions (key session_id, index user_id) and
 * last_session (key user_id). Written on IndexedDB itself rather than Dexie (decision 0009): five operations did not
 * justify 31 KB of the chat page's JS. The layout is Dexie's own for `version(1).stores({chat_sessions:
 * 'session_id, user_id', last_session: 'user_id'})` — Dexie opens its version n as IndexedDB version n × 10 — so a
 * database either of them made, the other opens.
 */
export const DB_NAME = 'asistente_chat_db'
const IDB_VERSION = 10

type LastSession = { user_id: string; session_id: string }

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

const committed = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new Error('Transacción abortada'))
  })

export function openChatDatabase(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, IDB_VERSION)
  request.onupgradeneeded = () => {
    const db = request.result
    if (!db.objectStoreNames.contains('chat_sessions'))
      db.createObjectStore('chat_sessions', { keyPath: 'session_id' }).createIndex('user_id', 'user_id')
    if (!db.objectStoreNames.contains('last_session'))
      db.createObjectStore('last_session', { keyPath: 'user_id' })
  }
  return done(request).then((db) => {
    // Another tab upgrading the schema must not be blocked by this one.
    db.onversionchange = () => db.close()
    return db
  })
}

export function indexedDbStorage(db: IDBDatabase): SessionStorage {
  const store = (name: 'chat_sessions' | 'last_session', mode: IDBTransactionMode) =>
    db.transaction(name, mode).objectStore(name)
  return {
    kind: 'indexeddb',
    list: (userId) =>
      done(store('chat_sessions', 'readonly').index('user_id').getAll(userId) as IDBRequest<ChatSession[]>),
    put: async (session) => {
      const s = store('chat_sessions', 'readwrite')
      s.put(session)
      await committed(s.transaction)
    },
    remove: (userId, sessionId) => {
      // Only the owner's row: a session id alone never deletes another user's chat. Read and delete in one
      // transaction (inside the read's own callback, while it is active), so nothing can slip in between.
      const s = store('chat_sessions', 'readwrite')
      const read = s.get(sessionId) as IDBRequest<ChatSession | undefined>
      read.onsuccess = () => {
        if (read.result?.user_id === userId) s.delete(sessionId)
      }
      return committed(s.transaction)
    },
    getLast: async (userId) =>
      ((await done(store('last_session', 'readonly').get(userId))) as LastSession | undefined)?.session_id ??
      null,
    setLast: async (userId, sessionId) => {
      const s = store('last_session', 'readwrite')
      s.put({ user_id: userId, session_id: sessionId } satisfies LastSession)
      await committed(s.transaction)
    },
  }
}
