// The server of `npm start` in its own process, so that glibc's allocator can be tuned for it (docs/decisions/0020),
// and replaced by a fresh one after the first start's corpus pass without refusing a connection (0020).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

/**
 * glibc's malloc settings for the server, read only when a process starts (hence the child process).
 *
 * The whole-folder pass on PGlite allocates and frees hundreds of MB of buffers (files read, query results copied
 * out of the WASM memory). glibc serves a freed block of more than 128 KB from the heap next time instead of mmap
 * (its mmap threshold rises to the largest block freed, up to 32 MB), and never gives the freed middle of its heap
 * back to the system: the server idled 150–230 MB above a restart after its first pass, all of it free space in the
 * allocator (malloc_trim gave it back). A fixed threshold keeps large blocks in their own mappings, returned when
 * freed; a fixed trim threshold returns the heap's top; two arenas keep the threads' arenas from each holding theirs.
 * The threshold is 32 KB, not glibc's 128 KB starting point: searches copy query results and write responses in
 * blocks of tens of KB, and from the heap they left it 5–10 MB larger after a hundred searches, in holes it never
 * returned (decision 0037's addendum). A setting the user gave is kept.
 */
export const MALLOC_ENV = {
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_ARENA_MAX: '2',
}

/** Set in the server's environment when this launcher holds its listening socket (src/server/http/launcher-link.ts). */
export const LAUNCHER_ENV = 'LEXIA_LAUNCHER'

/** Where the settings above mean something: Linux, whose usual C library is glibc (musl ignores them). */
export const tunesMalloc = (platform = process.platform) => platform === 'linux'

/** The server's environment: the caller's, with the allocator settings it did not set itself. */
export function serverEnv(env = process.env) {
  const out = { ...env }
  for (const [key, value] of Object.entries(MALLOC_ENV)) out[key] ??= value
  return out
}

/**
 * Set in the environment of a server started with the first pass's node flags (passExecArgv): it hands over to a
 * fresh process with npm start's own flags once its pass has ended (the same name as src/server/corpus/ingest/
 * fresh-process.ts's PASS_PROCESS_ENV).
 */
export const PASS_PROCESS_ENV = 'LEXIA_PASS_PROCESS'

/** The young generation's semi-space while the first pass runs, in MB (npm start's is 1: docs/decisions/0005). */
const PASS_SEMI_SPACE_MB = 8

/**
 * npm start's node flags as the first start's whole-folder pass wants them (docs/decisions/0038). The idle server's
 * flags trade CPU for memory: WebAssembly compiled by the baseline compiler only (PGlite's Postgres about 20 % slower)
 * and a 1 MB young generation (a scavenge every megabyte, everything that lives a little promoted). The pass is CPU
 * bound for two minutes and its process is replaced when it ends, so it runs without them.
 */
export function passExecArgv(execArgv) {
  return execArgv
    .filter((flag) => flag !== '--liftoff-only')
    .map((flag) =>
      /^--max-semi-space-size(=|$)/.test(flag) ? `--max-semi-space-size=${PASS_SEMI_SPACE_MB}` : flag,
    )
}

/**
 * Whether this start is the first on an empty embedded data folder, which indexes the corpus folder in the background:
 * no PGlite folder and no file signatures yet (src/server/config.ts reads DATA_DIR the same way). On PostgreSQL no
 * WebAssembly runs and no process is replaced for the flags' sake.
 */
export function firstPassAhead(env = process.env) {
  if (env.DATABASE_URL) return false
  if ((env.CORPUS_BACKGROUND ?? '').trim().toLowerCase() === 'off') return false
  const dataDir = path.resolve(env.DATA_DIR || 'data')
  return (
    !existsSync(path.join(dataDir, 'pglite')) && !existsSync(path.join(dataDir, 'corpus-signatures.json'))
  )
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']

/**
 * Runs `entry` with this process's node flags in a child process that shares the terminal, and settles with its
 * exit code. Signals sent to this process (Ctrl-C, a service manager's SIGTERM) are passed on once each: the child
 * runs in its own process group, so a terminal's Ctrl-C reaches it only through here, not twice (a second SIGINT
 * makes the server quit before PGlite closed).
 *
 * The listening socket is this process's: the server asks for it over IPC ('listen') and gets its handle, so it can
 * be replaced without a refused connection. When the server asks for a fresh process ('fresh': its corpus pass left
 * memory the allocator keeps), a second one starts; on PGlite it opens the data folder only after the first has
 * finished its requests and closed it ('turn'), on PostgreSQL it is started before the first one stops. Meanwhile
 * new connections wait here, accepted and paused, and go to whichever server listens next. Connections this process
 * accepts while a server listens (both poll the socket) are passed to that server. One replacement per launch; a
 * server that exits is never started again. On a first start (`firstPass`) the first server runs with the pass's
 * flags and asks for its replacement when its pass ends (passExecArgv).
 */
export function runServerProcess(
  entry,
  {
    env = serverEnv(),
    execArgv = process.execArgv,
    firstPass = firstPassAhead(env),
    print = (line) => console.log(line),
  } = {},
) {
  return new Promise((resolve, reject) => {
    const listener = net.createServer({ pauseOnConnect: true })
    /** Connections accepted while no server listens, handed to the next one that does. */
    const waiting = []
    /** Live servers: { child, draining, listening }. At most two, only during a replacement. */
    const servers = new Set()
    /** The server new connections go to; none between one server's drain and the next one's listen. */
    let serving = null
    /** Servers waiting for the data folder to be free (PGlite): resolved when no other server is alive. */
    const turns = []
    let replaced = false
    let stopping = false
    let lastCode = 0
    let listened = false

    listener.on('connection', (socket) => {
      if (serving) pass(serving, socket)
      else waiting.push(socket)
    })

    function pass(server, socket) {
      server.child.send({ type: 'connection' }, socket, (error) => {
        if (error) socket.destroy()
      })
    }

    function reply(server, message, handle) {
      if (server.child.connected) server.child.send(message, handle)
    }

    /** The first server of a first start runs the pass with its own flags, and hands over when it ends. */
    function start(pass = false) {
      const flags = pass ? passExecArgv(execArgv) : execArgv
      const child = spawn(process.execPath, [...flags, entry], {
        env: { ...env, [LAUNCHER_ENV]: '1', ...(pass ? { [PASS_PROCESS_ENV]: '1' } : {}) },
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
        // Its own process group on POSIX; on Windows `detached` would open a console of its own.
        detached: process.platform !== 'win32',
      })
      const server = { child, draining: false, listening: false }
      servers.add(server)
      child.on('message', (message) => onMessage(server, message))
      child.once('error', (error) => {
        if (servers.size === 1 && !server.listening) reject(error)
        else console.error(`No se pudo iniciar el servidor nuevo: ${error.message}`)
      })
      child.once('exit', (code, signal) => onExit(server, code ?? (signal ? 1 : 0)))
      return server
    }

    function drain(server) {
      if (server.draining) return
      server.draining = true
      if (serving === server) serving = null
      reply(server, { type: 'drain' })
    }

    /** The data folder is free for a server once it is the only one alive. */
    function giveTurns() {
      if (servers.size !== 1) return
      for (const turn of turns.splice(0)) if (servers.has(turn)) reply(turn, { type: 'go' })
    }

    function listen(server, { port, host }) {
      const ready = () => {
        server.listening = true
        listened = true
        const old = serving
        serving = server
        reply(server, { type: 'listening', port: listener.address().port }, listener)
        for (const socket of waiting.splice(0)) pass(server, socket)
        // PostgreSQL: the new server serves first, then the old one finishes its requests.
        if (old && old !== server) drain(old)
      }
      if (listener.listening) return ready()
      const failed = (error) => reply(server, { type: 'listen-failed', message: error.message })
      listener.once('error', failed)
      listener.listen(port, host, () => {
        listener.off('error', failed)
        // An accept that failed (too many open files): that connection is lost, the socket keeps listening.
        listener.on('error', (error) => console.error(`Error al aceptar una conexión: ${error.message}`))
        ready()
      })
    }

    function onMessage(server, message) {
      switch (message?.type) {
        case 'turn':
          if (stopping) return
          turns.push(server)
          for (const other of servers) if (other !== server) drain(other)
          giveTurns()
          return
        case 'listen':
          if (!stopping) listen(server, message)
          return
        case 'fresh':
          if (replaced || stopping || serving !== server || servers.size > 1) return
          replaced = true
          print('Reemplazando el servidor por uno nuevo para devolver la memoria del indexado del corpus…')
          start()
          return
      }
    }

    function onExit(server, code) {
      servers.delete(server)
      if (serving === server) serving = null
      // The launcher ends with the code of the server that served last, not of one stopped before it was ready.
      if (server.listening || !listened) lastCode = code
      if (servers.size === 0) {
        for (const [signal, handler] of handlers) process.off(signal, handler)
        for (const socket of waiting.splice(0)) socket.destroy()
        listener.close()
        resolve(lastCode)
        return
      }
      if (!server.draining && !stopping)
        console.error(`El servidor ${server.listening ? '' : 'nuevo '}terminó con código ${code}`)
      giveTurns()
    }

    const forward = (signal) => () => {
      stopping = true
      for (const { child } of servers)
        if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    }
    const handlers = SIGNALS.map((signal) => [signal, forward(signal)])
    for (const [signal, handler] of handlers) process.on(signal, handler)
    start(firstPass)
  })
}
