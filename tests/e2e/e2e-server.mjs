// The server the browser flows run against: the built app (dist/) started exactly as `npm start` does, on embedded
// defaults, a free port and a fresh data folder. Plain JavaScript so that both the flows' global setup and
// `npm test` (scripts/test.mjs) can start it: `npm test` starts it as soon as the build is done, while Vitest is
// still running, so its first start (the demo subset indexed before it serves) is off the run's critical path
// (docs/decisions/0034). The global setup then finds it through E2E_SERVER_ENV instead of starting its own.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** `{"baseUrl": …, "dataDir": …}` of a server that someone else started and will stop. */
export const E2E_SERVER_ENV = 'LEXIA_E2E_SERVER'

/** The first start indexes the demo subset before it serves (about 13 s alone; minutes on a busy machine). */
const START_LIMIT_MS = 180_000

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const address = s.address()
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/**
 * Starts the server and returns at once; `ready` settles when it answers /api/health (or rejects with its output
 * when it exits or does not answer in time). `stop` ends it and removes its data folder. `echo`: its error output
 * is copied to ours as it comes; without it (beside Vitest, whose report it would cut through) it is only kept,
 * for `output()`.
 */
export async function startE2eServer(root, { echo = true } = {}) {
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-e2e-'))
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_RATE_LIMIT_FACTOR: '20',
      // The tests' cheap scrypt (auth/test-password-hash.ts; config.ts allows it only under NODE_ENV=test, as here
      // for /dev/sesion): each account the flows make costs ~0.14 s of CPU with better-auth's. The real sign-up
      // flow (auth.e2e.ts) still goes through the form, the mailbox, the link and the sign-in form; the stored
      // hash's production form is checked in auth.test.ts (docs/decisions/0035).
      AUTH_TEST_PASSWORD_HASH: 'true',
      LOG_LEVEL: 'WARN',
      // The demo subset only: the flows need real law, not the whole folder being indexed beside them.
      CORPUS_BACKGROUND: 'demo',
      // Third parties on: the browser fixture answers their scripts locally (see fixtures.ts).
      GTM_ID: 'GTM-E2ETEST',
      SUPPORT_WIDGET_SRC: 'https://widget.lexia.test/widget.js',
      // The operator console's flow signs in as this account (fixtures' E2E_ADMIN_EMAIL); no other flow uses it.
      ADMIN_EMAILS: 'admin-e2e@ejemplo.pe',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => {
    output += String(d)
  })
  let errors = ''
  child.stderr.on('data', (d) => {
    output += String(d)
    errors += String(d)
    if (echo) process.stderr.write(d)
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))

  const ready = (async () => {
    const deadline = Date.now() + START_LIMIT_MS
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`El servidor terminó al iniciar:\n${output}`)
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return
      } catch {}
      if (Date.now() > deadline)
        throw new Error(`El servidor no respondió en ${START_LIMIT_MS / 1000} s:\n${output}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  })()
  // Whoever awaits `ready` sees the failure; an unawaited one must not end the process first.
  ready.catch(() => {})

  return {
    baseUrl,
    dataDir,
    ready,
    output: () => errors,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
