// The server's side of `npm start`'s launcher (scripts/server-process.mjs; docs/decisions/0020): the listening socket
// is the launcher's, so that a fresh server process can take over from this one without refusing a connection.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/** Set by the launcher in its server's environment (the same name as scripts/server-process.mjs's LAUNCHER_ENV). */
export const LAUNCHER_ENV = 'LEXIA_LAUNCHER'

type FromLauncher =
  | { type: 'go' }
  | { type: 'listening'; port: number }
  | { type: 'listen-failed'; message: string }
  | { type: 'connection' }
  | { type: 'drain' }

/** Why this server is asked to stop: a fresh process takes over, or the launcher is gone. */
export type StopReason = 'relevo' | 'lanzador'

export type LauncherLink = {
  /** Settles once no other server of the launcher is alive: PGlite's data folder admits one process at a time. */
  turn(): Promise<void>
  /** Serves `server` on the launcher's socket (bound to `port` and `host` by the first server); settles with its port. */
  listen(server: Server, port: number, host: string): Promise<number>
  /** Asks for a fresh process to take over; the launcher answers with a stop (reason 'relevo') when it is time. */
  askFresh(): void
  /** What to run when asked to stop; once, whatever the reason. */
  onStop(stop: (reason: StopReason) => void): void
}

type Channel = Pick<NodeJS.Process, 'on' | 'send' | 'env' | 'connected'>

/** The link to the launcher, or null when this server was not started by it (tests, bench/, macOS, Windows). */
export function launcherLink(proc: Channel = process): LauncherLink | null {
  if (proc.env[LAUNCHER_ENV] !== '1' || !proc.send) return null
  const send = (message: object) => {
    if (proc.connected) proc.send?.(message)
  }
  let turnGiven: (() => void) | undefined
  let listening: { resolve(port: number): void; reject(error: Error): void } | undefined
  let served: Server | undefined
  /** Connections the launcher passed before this server's listen completed (messages with handles may overtake). */
  const early: Socket[] = []
  let stopper: ((reason: StopReason) => void) | undefined
  let stopped: StopReason | undefined
  const stop = (reason: StopReason) => {
    if (stopped) return
    stopped = reason
    stopper?.(reason)
  }

  proc.on('message', (message: FromLauncher, handle?: unknown) => {
    switch (message?.type) {
      case 'go':
        turnGiven?.()
        return
      case 'listening': {
        const server = served
        const pending = listening
        if (!server || !pending) return
        // The launcher's server handle: this process now accepts from the same socket, through its own copy.
        server.listen(handle, () => {
          for (const socket of early.splice(0)) server.emit('connection', socket)
          listening = undefined
          pending.resolve(message.port)
        })
        return
      }
      case 'listen-failed':
        listening?.reject(new Error(message.message))
        listening = undefined
        return
      case 'connection': {
        const socket = handle as Socket | undefined
        if (!socket) return
        if (listening || !served) early.push(socket)
        else served.emit('connection', socket)
        return
      }
      case 'drain':
        stop('relevo')
        return
    }
  })
  // The launcher was killed: no connection comes any more, so this server has nothing left to do.
  proc.on('disconnect', () => stop('lanzador'))

  return {
    turn() {
      return new Promise((resolve) => {
        turnGiven = resolve
        send({ type: 'turn' })
      })
    },
    listen(server, port, host) {
      served = server
      return new Promise((resolve, reject) => {
        listening = { resolve, reject }
        send({ type: 'listen', port, host })
      })
    },
    askFresh() {
      send({ type: 'fresh' })
    },
    onStop(fn) {
      stopper = fn
      if (stopped) fn(stopped)
    },
  }
}
