import {
  STREAM_RECONNECT_DELAYS_MS,
  type StreamEvent,
  streamEventSchema,
} from '../../../shared/stream-events'

export type StreamEventType = StreamEvent['type']
export type StreamEventOf<T extends StreamEventType> = Extract<StreamEvent, { type: T }>
export type StreamHandler<T extends StreamEventType> = (event: StreamEventOf<T>) => void

/** idle: no user or no subscriber; connecting; open; waiting: a reconnection is scheduled. */
export type StreamStatus = 'idle' | 'connecting' | 'open' | 'waiting'

/** The part of EventSource the client uses, so tests can hand it a fake. */
export type EventSourceLike = {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void
  close(): void
}

export type StreamClientOptions = {
  url?: string
  createEventSource?: (url: string) => EventSourceLike
  /** Waits before each reconnection after an error; the last one repeats until a connection opens. */
  reconnectDelaysMs?: readonly number[]
  /** How long the connection outlives its last subscriber, so moving between pages does not reconnect. */
  idleCloseMs?: number
}

export type StreamClient = {
  /** Calls `handler` with every valid event of `type`; returns the unsubscribe. */
  subscribe<T extends StreamEventType>(type: T, handler: StreamHandler<T>): () => void
  /** The signed-in user. Another id closes the old user's connection; null closes it until a user is set. */
  setUser(userId: string | null): void
  getStatus(): StreamStatus
  onStatus(listener: (status: StreamStatus) => void): () => void
}

/** Every event name the server sends (one per StreamEvent type); the Record keeps the list complete. */
const EVENT_TYPES = Object.keys({
  partial: true,
  consultation: true,
  credits: true,
} satisfies Record<StreamEventType, true>) as StreamEventType[]

export const STREAM_URL = '/api/events'
export const STREAM_IDLE_CLOSE_MS = 5000

/**
 * One Server-Sent Events connection to /api/events shared by every subscriber of a tab (DESIGN 8). It opens
 * while a user is signed in and someone listens, parses each event against the shared schema, and after an
 * error reconnects itself with the spec's delays (1, 2, 5, 10 s, then 10 s), starting over once it opens.
 */
export function createStreamClient(options: StreamClientOptions = {}): StreamClient {
  const url = options.url ?? STREAM_URL
  const create = options.createEventSource ?? ((u: string) => new EventSource(u, { withCredentials: true }))
  const delays = options.reconnectDelaysMs ?? STREAM_RECONNECT_DELAYS_MS
  const idleCloseMs = options.idleCloseMs ?? STREAM_IDLE_CLOSE_MS

  const handlers = new Map<StreamEventType, Set<(event: StreamEvent) => void>>()
  const statusListeners = new Set<(status: StreamStatus) => void>()
  let subscriberCount = 0
  let userId: string | null = null
  let source: EventSourceLike | null = null
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let status: StreamStatus = 'idle'

  function setStatus(next: StreamStatus) {
    if (next === status) return
    status = next
    for (const listener of [...statusListeners]) listener(next)
  }

  function dispatch(type: StreamEventType, data: unknown) {
    let parsed: ReturnType<typeof streamEventSchema.safeParse> | undefined
    try {
      parsed = streamEventSchema.safeParse(JSON.parse(String(data)))
    } catch {
      parsed = undefined
    }
    if (!parsed?.success || parsed.data.type !== type) {
      console.warn('Evento en tiempo real inválido; se ignora', { type })
      return
    }
    for (const handler of [...(handlers.get(type) ?? [])]) {
      try {
        handler(parsed.data)
      } catch (error) {
        console.error('Error al procesar un evento en tiempo real', error)
      }
    }
  }

  function open() {
    reconnectTimer = undefined
    const current = create(url)
    source = current
    setStatus('connecting')
    current.addEventListener('open', () => {
      if (source !== current) return
      failures = 0
      setStatus('open')
    })
    current.addEventListener('error', () => {
      if (source !== current) return
      // EventSource's own retry would ignore the spec's delays: close it and schedule ours.
      current.close()
      source = null
      const delay = delays[Math.min(failures, delays.length - 1)] ?? 10_000
      failures++
      setStatus('waiting')
      reconnectTimer = setTimeout(() => {
        if (wanted()) open()
        else setStatus('idle')
      }, delay)
    })
    for (const type of EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        if (source === current) dispatch(type, event.data)
      })
    }
  }

  function wanted() {
    return userId !== null && (subscriberCount > 0 || idleTimer !== undefined)
  }

  function ensureOpen() {
    if (wanted() && !source && !reconnectTimer) open()
  }

  function shutdown() {
    clearTimeout(reconnectTimer)
    clearTimeout(idleTimer)
    reconnectTimer = undefined
    idleTimer = undefined
    source?.close()
    source = null
    failures = 0
    setStatus('idle')
  }

  return {
    subscribe(type, handler) {
      const wrapped = handler as (event: StreamEvent) => void
      let set = handlers.get(type)
      if (!set) {
        set = new Set()
        handlers.set(type, set)
      }
      set.add(wrapped)
      subscriberCount++
      clearTimeout(idleTimer)
      idleTimer = undefined
      ensureOpen()
      let active = true
      return () => {
        if (!active) return
        active = false
        handlers.get(type)?.delete(wrapped)
        subscriberCount--
        if (subscriberCount === 0 && (source || reconnectTimer)) {
          idleTimer = setTimeout(shutdown, idleCloseMs)
        }
      }
    },

    setUser(next) {
      if (next === userId) return
      // A new user must never receive the previous one's events: the old connection goes first.
      shutdown()
      userId = next
      ensureOpen()
    },

    getStatus: () => status,

    onStatus(listener) {
      statusListeners.add(listener)
      return () => {
        statusListeners.delete(listener)
      }
    },
  }
}
