import { useCallback, useEffect, useRef, useState } from 'react'
import { registerStoreReset } from '../../lib/store-reset'
import { afterDelete, initialCurrent, newSession } from './session-rules'
import { openSessionStorage, type SessionStorage } from './session-store-db'
import type { ChatSession } from './session-types'

type State = { userId: string; storage: SessionStorage; sessions: ChatSession[]; currentId: string }

let storagePromise: Promise<SessionStorage> | null = null
const storage = () => {
  storagePromise ??= openSessionStorage()
  return storagePromise
}
// A sign-out or a change of user drops the open handle with the other stores; the next user opens it anew.
registerStoreReset(() => {
  storagePromise = null
})

/**
 * Spec §4 chat sessions of one user, kept in the browser database (local storage where it is unavailable):
 * the list, the current one (remembered per user), creating, switching, deleting and saving a conversation.
 * Everything is keyed by the user id, so another account on the same browser never sees these chats.
 */
export function useChatSessions(userId: string) {
  const [state, setState] = useState<State | null>(null)
  const latest = useRef(state)
  latest.current = state

  useEffect(() => {
    let live = true
    setState(null)
    void (async () => {
      try {
        const store = await storage()
        const [list, last] = await Promise.all([store.list(userId), store.getLast(userId)])
        const init = initialCurrent(list, last, () => newSession(userId))
        if (init.created) await store.put(init.created)
        await store.setLast(userId, init.currentId)
        if (live) setState({ userId, storage: store, sessions: init.sessions, currentId: init.currentId })
      } catch (error) {
        console.error('No se pudo abrir el historial de chats', error)
      }
    })()
    return () => {
      live = false
    }
  }, [userId])

  /** Applies a change to the state and persists what it says, logging (not throwing) storage failures. */
  const change = useCallback((apply: (s: State) => { next: State; write?: () => Promise<void> }) => {
    const s = latest.current
    if (!s) return
    const { next, write } = apply(s)
    latest.current = next
    setState(next)
    write?.().catch((error) => console.error('No se pudo guardar el historial de chats', error))
  }, [])

  const select = useCallback(
    (sessionId: string) =>
      change((s) => ({
        next: { ...s, currentId: sessionId },
        write: () => s.storage.setLast(s.userId, sessionId),
      })),
    [change],
  )

  const create = useCallback(
    (agentId: string | null = null) =>
      change((s) => {
        const current = s.sessions.find((x) => x.session_id === s.currentId)
        // An untouched empty chat is reused instead of piling up 'Nueva conversacion' entries.
        if (current && current.messages.length === 0) return { next: s }
        const created = newSession(s.userId, agentId)
        return {
          next: { ...s, sessions: [...s.sessions, created], currentId: created.session_id },
          write: async () => {
            await s.storage.put(created)
            await s.storage.setLast(s.userId, created.session_id)
          },
        }
      }),
    [change],
  )

  const remove = useCallback(
    (sessionId: string) =>
      change((s) => {
        const after = afterDelete(s.sessions, sessionId, s.currentId, () => newSession(s.userId))
        return {
          next: { ...s, sessions: after.sessions, currentId: after.currentId },
          write: async () => {
            await s.storage.remove(s.userId, sessionId)
            if (after.created) await s.storage.put(after.created)
            await s.storage.setLast(s.userId, after.currentId)
          },
        }
      }),
    [change],
  )

  /** Saves a session's new state (its conversation changed); a no-op when `update` returns it unchanged. */
  const update = useCallback(
    (sessionId: string, update: (session: ChatSession) => ChatSession) =>
      change((s) => {
        const before = s.sessions.find((x) => x.session_id === sessionId)
        if (!before) return { next: s }
        const after = update(before)
        if (after === before) return { next: s }
        return {
          next: { ...s, sessions: s.sessions.map((x) => (x.session_id === sessionId ? after : x)) },
          write: () => s.storage.put(after),
        }
      }),
    [change],
  )

  const ready = state !== null && state.userId === userId
  return {
    ready,
    sessions: ready ? state.sessions : [],
    currentId: ready ? state.currentId : null,
    select,
    create,
    remove,
    update,
  }
}
