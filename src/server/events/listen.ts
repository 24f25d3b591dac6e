import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import type { Logger } from '../../shared/logger'
import type { Database } from '../db/client'
import type { ReopenablePglite } from '../db/reopenable-pglite'
import { EVENTS_CHANNEL } from './notification'

export type ChannelListener = { close(): Promise<void> }

export type ListenOptions = {
  onPayload(payload: string): void
  /** Called after a dropped connection listens again: what was announced meanwhile is lost. */
  onReconnect(): void
  logger: Logger
  /** Waits before each new attempt after a drop; the last one repeats. */
  reconnectDelaysMs: readonly number[]
}

export const LISTEN_RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000] as const

/** LISTEN on the events channel: in-process on PGlite, on a dedicated connection on PostgreSQL. */
export function listenForEvents(database: Database, options: ListenOptions): Promise<ChannelListener> {
  return database.kind === 'pglite'
    ? listenPglite(database.client, options)
    : listenPostgres(database.client.options, options)
}

async function listenPglite(
  client: PGlite | ReopenablePglite,
  { onPayload }: ListenOptions,
): Promise<ChannelListener> {
  const unlisten = await client.listen(EVENTS_CHANNEL, onPayload)
  return {
    async close() {
      // The database may already be closed at shutdown; there is nothing left to stop then.
      if (!client.closed) await unlisten().catch(() => {})
    },
  }
}

/**
 * A pooled connection cannot LISTEN (it goes back to the pool), so the listener owns one connection with the
 * pool's settings and opens it again, with growing waits, whenever it drops (server restart, network).
 */
async function listenPostgres(settings: pg.ClientConfig, options: ListenOptions): Promise<ChannelListener> {
  const { default: pgModule } = await import('pg')
  const { logger, reconnectDelaysMs } = options
  let closed = false
  let current: pg.Client | undefined
  let attempt = 0
  let timer: NodeJS.Timeout | undefined

  const connect = async () => {
    // Keepalive probes find a connection that died silently, so the drop is noticed and repaired.
    const client = new pgModule.Client({ ...settings, keepAlive: true, keepAliveInitialDelayMillis: 10_000 })
    client.on('notification', (m) => {
      if (m.channel === EVENTS_CHANNEL && m.payload !== undefined) options.onPayload(m.payload)
    })
    // An error on an idle connection is followed by 'end', where the reconnection starts.
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query(`LISTEN ${EVENTS_CHANNEL}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    if (closed) {
      await client.end().catch(() => {})
      return
    }
    current = client
    client.once('end', () => {
      if (current === client) current = undefined
      if (!closed) {
        logger.warn('Se perdió la conexión de eventos en tiempo real; reconectando')
        retry()
      }
    })
  }

  const retry = () => {
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 1000
    attempt++
    timer = setTimeout(async () => {
      timer = undefined
      if (closed) return
      try {
        await connect()
      } catch (error) {
        logger.warn('No se pudo reconectar la escucha de eventos', {
          attempt,
          error: error instanceof Error ? error.message : String(error),
        })
        retry()
        return
      }
      attempt = 0
      if (!closed) options.onReconnect()
    }, delay)
  }

  await connect()
  return {
    async close() {
      closed = true
      clearTimeout(timer)
      const client = current
      current = undefined
      await client?.end().catch(() => {})
    },
  }
}
