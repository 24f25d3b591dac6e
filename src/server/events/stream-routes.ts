import { and, eq, gt, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { ServiceError } from '../../shared/errors'
import type { Logger } from '../../shared/logger'
import {
  STREAM_HEARTBEAT_MS,
  STREAM_MAX_PER_USER,
  STREAM_RECONNECT_DELAYS_MS,
  type StreamEvent,
} from '../../shared/stream-events'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import { session } from '../db/auth-schema'
import type { Db } from '../db/client'
import type { EventHub } from './hub'

export type EventStreamDeps = {
  db: Db
  auth: Auth
  events: EventHub
  logger: Logger
  /** Comment sent on an idle stream so proxies keep it open, and when the session is checked again; tests shorten it. */
  heartbeatMs?: number
}

/** Writes a tab has not taken yet; past this the tab is too slow and is dropped (it reconnects). */
const MAX_PENDING_WRITES = 200

export const TOO_MANY_STREAMS_MESSAGE =
  'Tienes demasiadas pestañas de Lexia abiertas. Cierra alguna para recibir las actualizaciones en esta.'

export function eventStreamRoutes({
  db,
  auth,
  events,
  logger,
  heartbeatMs = STREAM_HEARTBEAT_MS,
}: EventStreamDeps) {
  const app = new Hono<{ Variables: AuthVariables }>()
  /** Open streams per user on this instance; counted and raised in one synchronous step, so never overshot. */
  const openStreams = new Map<string, number>()

  /**
   * The signed-in user's live events (DESIGN 8). EventSource sends the session cookie and cannot set headers;
   * a bearer token works too. On connect the tab gets the current state, then every change as it happens.
   */
  app.get('/events', requireUser(auth), (c) => {
    const userId = c.get('user').id
    const sessionId = c.get('sessionId')
    /** A session revoked since the stream opened (sign-out elsewhere, password reset) ends the stream. */
    const sessionAlive = async () => {
      const rows = await db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.id, sessionId), gt(session.expiresAt, sql`now()`)))
      return rows.length > 0
    }
    const open = openStreams.get(userId) ?? 0
    if (open >= STREAM_MAX_PER_USER)
      throw new ServiceError('VALIDATION_ERROR', TOO_MANY_STREAMS_MESSAGE, undefined, 429)
    openStreams.set(userId, open + 1)
    let released = false
    const release = () => {
      if (released) return
      released = true
      const left = (openStreams.get(userId) ?? 1) - 1
      if (left > 0) openStreams.set(userId, left)
      else openStreams.delete(userId)
    }
    // A proxy in front (nginx) must pass each event on at once instead of buffering the response.
    c.header('x-accel-buffering', 'no')
    return streamSSE(c, async (stream) => {
      let finish: () => void = () => {}
      const finished = new Promise<void>((resolve) => {
        finish = resolve
      })
      stream.onAbort(finish)
      c.req.raw.signal.addEventListener('abort', finish)

      let writes = Promise.resolve()
      let pending = 0
      const write = (text: string) => {
        if (++pending > MAX_PENDING_WRITES) {
          stream.abort()
          return
        }
        writes = writes
          .then(async () => {
            await stream.write(text)
          })
          .finally(() => void pending--)
      }
      const send = (event: StreamEvent) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)

      // Events raised while the snapshot loads wait behind it, so an older state never follows a newer one.
      let early: StreamEvent[] | null = []
      const unsubscribe = events.subscribe(
        userId,
        (event) => (early ? early.push(event) : send(event)),
        finish,
      )
      let heartbeat: NodeJS.Timeout | undefined
      try {
        write(`retry: ${STREAM_RECONNECT_DELAYS_MS[0]}\n\n`)
        for (const event of await events.snapshot(userId)) send(event)
        for (const event of early) send(event)
        early = null
        heartbeat = setInterval(() => {
          write(': ping\n\n')
          sessionAlive().then(
            (alive) => alive || finish(),
            () => {},
          )
        }, heartbeatMs)
        await finished
      } catch (error) {
        // The tab reconnects; the reason stays in the log, never in the stream.
        logger.warn('Flujo de eventos interrumpido', {
          error: error instanceof Error ? error.message : String(error),
        })
      } finally {
        clearInterval(heartbeat)
        unsubscribe()
        release()
      }
    })
  })

  return app
}
