import type { Logger } from '../../shared/logger'
import type { StreamEvent } from '../../shared/stream-events'
import { recordWithOwner } from '../consultations/records'
import type { Database } from '../db/client'
import { type ChannelListener, LISTEN_RECONNECT_DELAYS_MS, listenForEvents } from './listen'
import { creditSummary, latestPartial, partialById, userSnapshot } from './load'
import { type Notification, parseNotification } from './notification'

export type StreamListener = (event: StreamEvent) => void

/**
 * Realtime fan-out (DESIGN 8). The database announces which row changed (migration 0006); the hub loads it and
 * hands the StreamEvent to the listeners of the one user it concerns. Every app instance runs its own hub, so a
 * row written by any instance, or by an outside workflow, reaches a tab connected to any of them.
 */
export type EventHub = {
  /** Starts listening. Rows written before it resolves are not announced to anyone. */
  start(): Promise<void>
  /** Registers a listener for one user's events; `onClose` runs if the hub closes first. Returns the undo. */
  subscribe(userId: string, listener: StreamListener, onClose?: () => void): () => void
  /** The events a tab needs on (re)connecting: credit summary and the partial answers in progress. */
  snapshot(userId: string): Promise<StreamEvent[]>
  /**
   * Runs `listener` with the account whose sessions some instance ended (announceSessionsEnded); the session
   * cache forgets them. Returns the undo.
   */
  onSessionsEnded(listener: (userId: string) => void): () => void
  /** Listeners registered for a user, or for everyone. */
  subscriberCount(userId?: string): number
  /** Stops listening, ends every subscription (calling its onClose) and waits for the loads in progress. */
  close(): Promise<void>
}

export type EventHubOptions = {
  database: Database
  logger: Logger
  /** Waits between attempts to listen again after the PostgreSQL connection drops. */
  reconnectDelaysMs?: readonly number[]
}

type Subscriber = { listener: StreamListener; onClose?: () => void }

/** Session ids whose last delivered partial the hub remembers; beyond it the memory starts over. */
const REMEMBERED_SESSIONS = 5000

export function createEventHub({
  database,
  logger,
  reconnectDelaysMs = LISTEN_RECONNECT_DELAYS_MS,
}: EventHubOptions): EventHub {
  const { db } = database
  const subscribers = new Map<string, Set<Subscriber>>()
  const sessionListeners = new Set<(userId: string) => void>()
  /** Loads running per key; `again` asks for one more run when it ends. */
  const running = new Map<string, { again: boolean }>()
  const inFlight = new Set<Promise<void>>()
  /** The newest partial id delivered per session, so a coalesced burst does not repeat itself. */
  const deliveredPartial = new Map<string, number>()
  let starting: Promise<void> | undefined
  let listener: ChannelListener | undefined
  let closed = false

  function deliver(userId: string, event: StreamEvent) {
    const set = subscribers.get(userId)
    if (!set) return
    for (const s of [...set]) {
      try {
        s.listener(event)
      } catch (error) {
        logger.warn('Un suscriptor de eventos falló', { error: errorText(error) })
      }
    }
  }

  /**
   * Runs `task` for `key` now, or once more after the run in progress ends. A burst of announcements for one
   * key (an agent streaming partial answers) costs at most two loads, and the second sees the newest row.
   */
  function coalesce(key: string, task: () => Promise<void>) {
    const current = running.get(key)
    if (current) {
      current.again = true
      return
    }
    const state = { again: false }
    running.set(key, state)
    const run = async () => {
      try {
        do {
          state.again = false
          await task()
        } while (state.again && !closed)
      } catch (error) {
        if (!closed) logger.warn('No se pudo cargar un evento en tiempo real', { error: errorText(error) })
      } finally {
        running.delete(key)
      }
    }
    const done: Promise<void> = run().finally(() => inFlight.delete(done))
    inFlight.add(done)
  }

  function deliverPartial(partial: Awaited<ReturnType<typeof latestPartial>>) {
    if (!partial) return
    const session = partial.event.session_id
    if ((deliveredPartial.get(session) ?? 0) >= partial.id) return
    if (deliveredPartial.size >= REMEMBERED_SESSIONS) deliveredPartial.clear()
    deliveredPartial.set(session, partial.id)
    deliver(partial.userId, partial.event)
  }

  function onNotification(n: Notification) {
    switch (n.t) {
      case 'partial':
        // Only the newest partial of a session matters: load that, not the announced row.
        if (n.s) coalesce(`partial:${n.s}`, async () => deliverPartial(await latestPartial(db, n.s!)))
        else coalesce(`partial#${n.id}`, async () => deliverPartial(await partialById(db, n.id)))
        return
      case 'credits':
        if (!subscribers.has(n.u)) return
        coalesce(`credits:${n.u}`, async () => {
          const summary = await creditSummary(db, n.u)
          if (summary) deliver(n.u, { type: 'credits', summary })
        })
        return
      case 'sessions':
        return
      case 'consultation':
        coalesce(`consultation:${n.id}`, async () => {
          const found = await recordWithOwner(db, n.id)
          if (found) deliver(found.userId, { type: 'consultation', consultation: found.record })
        })
        return
    }
  }

  function onPayload(payload: string) {
    // No tab connected to this instance and no session cache to tell: nothing to do.
    if (closed || (subscribers.size === 0 && sessionListeners.size === 0)) return
    const n = parseNotification(payload)
    if (!n) {
      logger.warn('Aviso de eventos no reconocido', { length: payload.length })
      return
    }
    if (n.t === 'sessions') {
      for (const listener of sessionListeners) listener(n.u)
      return
    }
    if (subscribers.size > 0) onNotification(n)
  }

  /** After a dropped connection, announcements may have been missed: resend each connected user's state. */
  function onReconnect() {
    for (const userId of subscribers.keys()) {
      coalesce(`snapshot:${userId}`, async () => {
        for (const event of await userSnapshot(db, userId)) deliver(userId, event)
      })
    }
  }

  return {
    start() {
      starting ??= listenForEvents(database, {
        onPayload,
        onReconnect,
        logger,
        reconnectDelaysMs,
      }).then(async (l) => {
        if (closed) await l.close()
        else listener = l
      })
      return starting
    },

    subscribe(userId, listenerFn, onClose) {
      const subscriber: Subscriber = { listener: listenerFn, onClose }
      if (closed) {
        queueMicrotask(() => onClose?.())
        return () => {}
      }
      let set = subscribers.get(userId)
      if (!set) {
        set = new Set()
        subscribers.set(userId, set)
      }
      set.add(subscriber)
      return () => {
        const current = subscribers.get(userId)
        if (!current) return
        current.delete(subscriber)
        if (current.size === 0) subscribers.delete(userId)
      }
    },

    snapshot: (userId) => userSnapshot(db, userId),

    onSessionsEnded(listener) {
      sessionListeners.add(listener)
      return () => sessionListeners.delete(listener)
    },

    subscriberCount(userId) {
      if (userId !== undefined) return subscribers.get(userId)?.size ?? 0
      let n = 0
      for (const set of subscribers.values()) n += set.size
      return n
    },

    async close() {
      if (closed) return
      closed = true
      await starting?.catch(() => {})
      await listener?.close()
      const all = [...subscribers.values()].flatMap((set) => [...set])
      subscribers.clear()
      for (const s of all) {
        try {
          s.onClose?.()
        } catch (error) {
          logger.warn('Un suscriptor de eventos falló al cerrar', { error: errorText(error) })
        }
      }
      await Promise.allSettled([...inFlight])
    },
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
