import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** Event streams stay open for as long as a tab does: they are ended, not waited for (clients reconnect). */
const isEventStream = (req: IncomingMessage) => (req.url ?? '').startsWith('/api/events')

export type Drain = {
  /** Requests in progress, event streams aside. */
  readonly inFlight: number
  /** Settles when no request is in progress, or after `maxMs` (checked every `everyMs`). */
  quiet(maxMs: number, everyMs?: number): Promise<void>
  /** Calls `listener` each time the last request in progress ends (event streams aside). */
  onQuiet(listener: () => void): void
  /**
   * Stops taking connections, answers the requests in progress (each response then closes its connection, so no
   * client sends another request on it) and settles once every connection is closed; after `boundMs` the ones
   * still open are cut.
   */
  close(boundMs: number): Promise<void>
}

/** A server that can finish what it was asked before it goes: for a shutdown, and for a fresh process's takeover. */
export function drainable(server: Server): Drain {
  const open = new Set<ServerResponse>()
  const quietListeners: (() => void)[] = []
  const sockets = new Set<Socket>()
  let lastClosed: (() => void) | undefined
  let closing: Promise<void> | undefined
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      if (sockets.size === 0) lastClosed?.()
    })
  })
  /**
   * A response that says so closes its connection once sent: otherwise a kept-alive connection, closed by the server
   * while idle, could meet the client's next request on the way (a reset).
   */
  const lastOnItsConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close')
  }
  server.prependListener('request', (req, res) => {
    if (closing) lastOnItsConnection(res)
    if (isEventStream(req)) return
    open.add(res)
    res.once('close', () => {
      open.delete(res)
      if (open.size === 0) for (const listener of quietListeners) listener()
    })
  })
  return {
    get inFlight() {
      return open.size
    },
    onQuiet(listener) {
      quietListeners.push(listener)
    },
    async quiet(maxMs, everyMs = 100) {
      const until = Date.now() + maxMs
      while (open.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, everyMs))
    },
    close(boundMs) {
      closing ??= new Promise<void>((resolve) => {
        for (const res of open) lastOnItsConnection(res)
        const end = () => {
          clearTimeout(cut)
          resolve()
        }
        const cut = setTimeout(() => {
          for (const socket of sockets) socket.destroy()
          end()
        }, boundMs)
        // Stops accepting and ends the idle kept-alive connections (its callback counts only the connections it
        // accepted itself, not those the launcher passed on: hence the count here).
        server.close(() => {})
        if (sockets.size === 0) end()
        else lastClosed = end
      })
      return closing
    },
  }
}
