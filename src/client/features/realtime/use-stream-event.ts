import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useAuth } from '../auth'
import { realtimeStream } from './stream'
import type { StreamClient, StreamEventOf, StreamEventType, StreamStatus } from './stream-client'

/**
 * Calls `handler` with each live event of `type` for the signed-in user (partial answers, finished
 * consultations, credit changes). The tab keeps one connection for all callers; it follows the signed-in user
 * and closes on sign-out. The handler may change between renders without resubscribing.
 */
export function useStreamEvent<T extends StreamEventType>(
  type: T,
  handler: (event: StreamEventOf<T>) => void,
  client: StreamClient = realtimeStream,
): void {
  const userId = useAuth().user?.id ?? null
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    client.setUser(userId)
  }, [client, userId])
  useEffect(() => client.subscribe(type, (event) => latest.current(event)), [client, type])
}

/** The connection's state, for a discreet "reconnecting" hint. */
export function useStreamStatus(client: StreamClient = realtimeStream): StreamStatus {
  return useSyncExternalStore(client.onStatus, client.getStatus, () => 'idle' as const)
}

/**
 * Calls `handler` each time the connection opens again after a drop: the events sent meanwhile were lost, so what
 * they would have brought must be read again. The first opening is no reconnection.
 */
export function useStreamReopened(handler: () => void, client: StreamClient = realtimeStream): void {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    let dropped = client.getStatus() === 'waiting'
    return client.onStatus((status) => {
      if (status === 'waiting') dropped = true
      else if (status === 'open' && dropped) {
        dropped = false
        latest.current()
      }
    })
  }, [client])
}
