import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { MALLOC_ENV, serverEnv, tunesMalloc } from './server-process.mjs'

const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-server-process-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * A stand-in for the server: writes its environment's allocator settings and then, per signal received, a line;
 * quits 300 ms after the first signal (time for a second one to arrive), with code 7 when told to fail.
 */
const fakeServer = path.join(dir, 'fake-server.mjs')
writeFileSync(
  fakeServer,
  `import { appendFileSync, writeFileSync } from 'node:fs'
const out = process.env.FAKE_OUT
writeFileSync(out, JSON.stringify({ mmap: process.env.MALLOC_MMAP_THRESHOLD_, arenas: process.env.MALLOC_ARENA_MAX }) + '\\n')
if (process.env.FAKE_FAIL) process.exit(7)
const quit = () => setTimeout(() => process.exit(0), 300)
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { appendFileSync(out, s + '\\n'); quit() })
setInterval(() => {}, 1000)
`,
)

/** `npm start`'s launcher (start.mjs's path on Linux) running the fake server, in a process group of its own. */
const launcherScript = path.join(dir, 'launcher.mjs')
writeFileSync(
  launcherScript,
  `const { runServerProcess } = await import(${JSON.stringify(pathToFileURL(path.resolve('scripts/server-process.mjs')).href)})
process.exitCode = await runServerProcess(${JSON.stringify(fakeServer)})
`,
)

function launch(out: string, env: Record<string, string> = {}) {
  // A file, not `node -e`: the launcher passes its node flags on, and `-e <code>` would be one of them.
  const launcher = spawn(process.execPath, [launcherScript], {
    env: { ...process.env, FAKE_OUT: out, ...env },
    stdio: 'ignore',
    detached: true,
  })
  const exited = new Promise<number | null>((resolve) => launcher.once('exit', (c) => resolve(c)))
  return { launcher, exited }
}

async function untilWritten(file: string) {
  for (let i = 0; i < 200; i++) {
    try {
      const text = readFileSync(file, 'utf8')
      if (text.endsWith('\n')) return
    } catch {}
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('el servidor falso no arrancó')
}

describe('npm start runs the server in a child process with the allocator tuned', () => {
  it('gives the server the malloc settings, keeping one the user set', () => {
    expect(serverEnv({ PATH: '/bin' })).toMatchObject({ PATH: '/bin', ...MALLOC_ENV })
    expect(serverEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8')
    expect(tunesMalloc('linux')).toBe(true)
    expect(tunesMalloc('darwin')).toBe(false)
    expect(tunesMalloc('win32')).toBe(false)
  })

  it.skipIf(process.platform === 'win32')(
    "passes a terminal's Ctrl-C to the server once, and ends with it",
    async () => {
      const out = path.join(dir, 'ctrl-c.txt')
      const { launcher, exited } = launch(out)
      await untilWritten(out)
      expect(JSON.parse(readFileSync(out, 'utf8').split('\n')[0] ?? '')).toEqual({
        mmap: MALLOC_ENV.MALLOC_MMAP_THRESHOLD_,
        arenas: MALLOC_ENV.MALLOC_ARENA_MAX,
      })
      // A terminal signals its whole foreground process group: the launcher's here.
      process.kill(-(launcher.pid as number), 'SIGINT')
      expect(await exited).toBe(0)
      // One SIGINT, not two: a second one would make the server quit before PGlite closed.
      expect(readFileSync(out, 'utf8').trim().split('\n').slice(1)).toEqual(['SIGINT'])
    },
  )

  it.skipIf(process.platform === 'win32')(
    "passes a service manager's SIGTERM on and returns the server's exit code",
    async () => {
      const out = path.join(dir, 'sigterm.txt')
      const { launcher, exited } = launch(out)
      await untilWritten(out)
      launcher.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(readFileSync(out, 'utf8').trim().split('\n').slice(1)).toEqual(['SIGTERM'])

      const failing = launch(path.join(dir, 'fail.txt'), { FAKE_FAIL: '1' })
      expect(await failing.exited).toBe(7)
    },
  )
})
