// The server of `npm start` in its own process, so that glibc's allocator can be tuned for it (docs/decisions/0020).
import { spawn } from 'node:child_process'

/**
 * glibc's malloc settings for the server, read only when a process starts (hence the child process).
 *
 * The whole-folder pass on PGlite allocates and frees hundreds of MB of buffers (files read, query results copied
 * out of the WASM memory). glibc serves a freed block of more than 128 KB from the heap next time instead of mmap
 * (its mmap threshold rises to the largest block freed, up to 32 MB), and never gives the freed middle of its heap
 * back to the system: the server idled 150–230 MB above a restart after its first pass, all of it free space in the
 * allocator (malloc_trim gave it back). A fixed threshold keeps large blocks in their own mappings, returned when
 * freed; a fixed trim threshold returns the heap's top; two arenas keep the threads' arenas from each holding theirs.
 * A setting the user gave is kept.
 */
export const MALLOC_ENV = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_ARENA_MAX: '2',
}

/** Where the settings above mean something: Linux, whose usual C library is glibc (musl ignores them). */
export const tunesMalloc = (platform = process.platform) => platform === 'linux'

/** The server's environment: the caller's, with the allocator settings it did not set itself. */
export function serverEnv(env = process.env) {
  const out = { ...env }
  for (const [key, value] of Object.entries(MALLOC_ENV)) out[key] ??= value
  return out
}

/**
 * Runs `entry` with this process's node flags in a child process that shares the terminal, and settles with its
 * exit code. Signals sent to this process (Ctrl-C, a service manager's SIGTERM) are passed on once each: the child
 * runs in its own process group, so a terminal's Ctrl-C reaches it only through here, not twice (a second SIGINT
 * makes the server quit without closing PGlite).
 */
export function runServerProcess(entry, { env = serverEnv(), execArgv = process.execArgv } = {}) {
  const child = spawn(process.execPath, [...execArgv, entry], {
    env,
    stdio: 'inherit',
    // Its own process group on POSIX; on Windows `detached` would open a console of its own.
    detached: process.platform !== 'win32',
  })
  const forward = (signal) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  }
  const handlers = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => [signal, forward(signal)])
  for (const [signal, handler] of handlers) process.on(signal, handler)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      for (const [s, handler] of handlers) process.off(s, handler)
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}
