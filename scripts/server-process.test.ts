import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASS_PROCESS_ENV as SERVER_SIDE_PASS_ENV } from '../src/server/corpus/ingest/fresh-process'
import { LAUNCHER_ENV as SERVER_SIDE_ENV } from '../src/server/http/launcher-link'
import { freePort } from '../src/server/test/free-port'
import {
  firstPassAhead,
  LAUNCHER_ENV,
  MALLOC_ENV,
  PASS_PROCESS_ENV,
  passExecArgv,
  serverEnv,
  tunesMalloc,
} from './server-process.mjs'

const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-server-process-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * A stand-in for the server: writes its environment's allocator settings once its signal handlers are in place (a
 * signal sent as soon as the line is read must not find the default handler) and then, per signal received, a line;
 * quits 300 ms after the first signal (time for a second one to arrive), with code 7 when told to fail.
 */
const fakeServer = path.join(dir, 'fake-server.mjs')
writeFileSync(
  fakeServer,
  `import { appendFileSync, writeFileSync } from 'node:fs'
const out = process.env.FAKE_OUT
const quit = () => setTimeout(() => process.exit(0), 300)
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { appendFileSync(out, s + '\\n'); quit() })
writeFileSync(out, JSON.stringify({ mmap: process.env.MALLOC_MMAP_THRESHOLD_, arenas: process.env.MALLOC_ARENA_MAX, pass: process.env.${PASS_PROCESS_ENV} ?? null }) + '\\n')
if (process.env.FAKE_FAIL) process.exit(7)
setInterval(() => {}, 1000)
`,
)

/** `npm start`'s launcher (start.mjs's path on Linux) running `entry`, in a process group of its own. */
function launcherFor(entry: string) {
  const script = path.join(dir, `launch-${path.basename(entry)}`)
  writeFileSync(
    script,
    `const { runServerProcess } = await import(${JSON.stringify(pathToFileURL(path.resolve('scripts/server-process.mjs')).href)})
process.exitCode = await runServerProcess(${JSON.stringify(entry)})
`,
  )
  return script
}
const launcherScript = launcherFor(fakeServer)

/** A data folder a first start has already filled: the launcher starts its server with npm start's own flags. */
const usedDataDir = path.join(dir, 'used-data')
mkdirSync(path.join(usedDataDir, 'pglite'), { recursive: true })

function launch(out: string, env: Record<string, string> = {}, script = launcherScript) {
  // A file, not `node -e`: the launcher passes its node flags on, and `-e <code>` would be one of them.
  const launcher = spawn(process.execPath, [script], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: usedDataDir, FAKE_OUT: out, ...env },
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
    // The server knows it runs under the launcher by this variable (src/server/http/launcher-link.ts).
    expect(LAUNCHER_ENV).toBe(SERVER_SIDE_ENV)
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
        pass: null,
      })
      // A terminal signals its whole foreground process group: the launcher's here.
      process.kill(-(launcher.pid as number), 'SIGINT')
      expect(await exited).toBe(0)
      // One SIGINT, not two: a second one would make the server quit before PGlite closed.
      expect(readFileSync(out, 'utf8').trim().split('\n').slice(1)).toEqual(['SIGINT'])
    },
  )

  it('runs the first pass of an empty embedded data folder without the idle flags (docs/decisions/0038)', () => {
    const flags = ['--max-semi-space-size=1', '--liftoff-only', '--expose-gc', '--compact-on-every-full-gc']
    expect(passExecArgv(flags)).toEqual([
      '--max-semi-space-size=8',
      '--expose-gc',
      '--compact-on-every-full-gc',
    ])
    expect(passExecArgv(['--expose-gc'])).toEqual(['--expose-gc'])
    const empty = mkdtempSync(path.join(dir, 'empty-data-'))
    expect(firstPassAhead({ DATA_DIR: empty })).toBe(true)
    expect(firstPassAhead({ DATA_DIR: path.join(dir, 'not-created-yet') })).toBe(true)
    expect(firstPassAhead({ DATA_DIR: usedDataDir })).toBe(false)
    expect(firstPassAhead({ DATA_DIR: empty, CORPUS_BACKGROUND: 'off' })).toBe(false)
    expect(firstPassAhead({ DATA_DIR: empty, DATABASE_URL: 'postgres://x@localhost/y' })).toBe(false)
    writeFileSync(path.join(empty, 'corpus-signatures.json'), '{}')
    expect(firstPassAhead({ DATA_DIR: empty })).toBe(false)
    // The server reads the same variable (src/server/corpus/ingest/fresh-process.ts).
    expect(PASS_PROCESS_ENV).toBe(SERVER_SIDE_PASS_ENV)
  })

  it.skipIf(process.platform === 'win32')(
    'tells the server of a first start on an empty data folder that it runs the pass',
    async () => {
      const out = path.join(dir, 'first-pass.txt')
      const { launcher, exited } = launch(out, { DATA_DIR: mkdtempSync(path.join(dir, 'first-data-')) })
      await untilWritten(out)
      expect(JSON.parse(readFileSync(out, 'utf8').split('\n')[0] ?? '').pass).toBe('1')
      launcher.kill('SIGTERM')
      expect(await exited).toBe(0)
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

type Answer = { status: number; body: string; connection: string | undefined }

/** One request on its own connection (no keep-alive) unless an agent is given; rejects with the socket's error. */
function request(port: number, pathname: string, agent: http.Agent | false = false) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d) => {
          body += d
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        )
      })
      .once('error', reject)
  })
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`no llegó: ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.skipIf(process.platform === 'win32')('a fresh server process takes over from the launcher', () => {
  let launchedScript = ''
  beforeAll(async () => {
    const bundle = path.join(dir, 'launched-server.mjs')
    await build({
      entryPoints: [path.resolve('scripts/launched-server.fixture.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    })
    launchedScript = launcherFor(bundle)
  })

  /** The launcher on the fixture server, its log read as [pid, step] lines, and a request to it. */
  async function launchFixture(name: string, env: Record<string, string> = {}) {
    const port = await freePort()
    const log = path.join(dir, `${name}.log`)
    const lock = path.join(dir, `${name}.lock`)
    const run = launch(
      path.join(dir, `${name}.out`),
      { PORT: String(port), FAKE_LOG: log, FAKE_LOCK: lock, ...env },
      launchedScript,
    )
    const steps = () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .map((l) => l.split(' ') as [string, string])
        : []
    const first = await until('el primer servidor', () =>
      request(port, '/').then(
        (a) => a.body,
        () => undefined,
      ),
    )
    return { ...run, port, lock, steps, first }
  }

  /**
   * Requests sent without pause by four clients, each on a new connection (one of them slow, so that some are in
   * progress when the old server drains), from before the takeover is asked for until the new server has answered
   * for half a second. Every one must be answered: none refused, none reset.
   */
  async function takeover(port: number, oldPid: string) {
    const answers: Answer[] = []
    const failures: string[] = []
    let sending = true
    const clients = [300, 20, 0, 0].map(async (ms) => {
      while (sending) {
        await request(port, `/?ms=${ms}`).then(
          (a) => answers.push(a),
          (e: NodeJS.ErrnoException) => failures.push(e.code ?? e.message),
        )
      }
    })
    // A kept-alive request in progress when the old server starts draining: answered, and its connection closed.
    const agent = new http.Agent({ keepAlive: true })
    const slow = request(port, '/?ms=1500', agent)
    await new Promise((r) => setTimeout(r, 100))
    await request(port, '/fresh')
    const firstNew = await until('una respuesta del servidor nuevo', () =>
      answers.findIndex((a) => a.body !== oldPid) >= 0 ? true : undefined,
    )
    expect(firstNew).toBe(true)
    await new Promise((r) => setTimeout(r, 500))
    sending = false
    await Promise.all(clients)
    const kept = await slow
    agent.destroy()
    return { answers, failures, kept }
  }

  it('on a data folder for one process: the old one finishes and closes it, then the new one opens it and serves', async () => {
    const f = await launchFixture('embedded')
    const { answers, failures, kept } = await takeover(f.port, f.first)
    expect(failures).toEqual([])
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const newPid = answers.at(-1)?.body
    expect(newPid).not.toBe(f.first)
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([f.first, newPid]))
    expect(kept).toMatchObject({ status: 200, body: f.first, connection: 'close' })
    // One process at a time on the folder: the new one opened it after the old one closed it.
    expect(f.steps()).toEqual([
      [f.first, 'open'],
      [f.first, 'listening'],
      [f.first, 'drain'],
      [f.first, 'closed'],
      [newPid, 'open'],
      [newPid, 'listening'],
    ])
    // One replacement per launch: a second request for a fresh process is not followed.
    expect((await request(f.port, '/fresh')).body).toBe(newPid)
    await new Promise((r) => setTimeout(r, 300))
    expect((await request(f.port, '/')).body).toBe(newPid)
    // Ctrl-C reaches the new server once, and the launcher ends with it.
    process.kill(-(f.launcher.pid as number), 'SIGINT')
    expect(await f.exited).toBe(0)
    expect(f.steps().slice(6)).toEqual([
      [newPid, 'SIGINT'],
      [newPid, 'closed'],
    ])
  })

  it('on a shared database: the new one serves before the old one drains', async () => {
    const f = await launchFixture('shared', { FAKE_SHARED: '1' })
    const { answers, failures } = await takeover(f.port, f.first)
    expect(failures).toEqual([])
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const newPid = answers.at(-1)?.body as string
    // The new one serves before the old one has finished draining: wait for the old one's close, then read the order.
    await until('el cierre del servidor anterior', () =>
      f.steps().some(([pid, step]) => pid === f.first && step === 'closed') ? true : undefined,
    )
    // The new one had the database open and was given the socket before the old one was told to drain.
    const steps = f.steps().map((s) => s.join(' '))
    expect([...steps].sort()).toEqual(
      [
        `${f.first} open`,
        `${f.first} listening`,
        `${f.first} drain`,
        `${f.first} closed`,
        `${newPid} open`,
        `${newPid} listening`,
      ].sort(),
    )
    expect(steps.indexOf(`${newPid} open`)).toBeLessThan(steps.indexOf(`${f.first} drain`))
    f.launcher.kill('SIGTERM')
    expect(await f.exited).toBe(0)
  })

  it('keeps the old server when the new one fails to start, and starts none again', async () => {
    const f = await launchFixture('failing')
    writeFileSync(`${f.lock}.fail-next`, '')
    await request(f.port, '/fresh')
    await until('el fallo del servidor nuevo', () =>
      f.steps().some(([, step]) => step === 'failed') ? true : undefined,
    )
    await new Promise((r) => setTimeout(r, 300))
    expect((await request(f.port, '/')).body).toBe(f.first)
    expect(f.steps().map(([, step]) => step)).toEqual(['open', 'listening', 'failed'])
    process.kill(-(f.launcher.pid as number), 'SIGINT')
    expect(await f.exited).toBe(0)
  })
})
