import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '../../src/server/test/free-port'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's data folder: the settle command reads the sandbox's webhook secret there. */
    dataDir: string
  }
}

let child: ChildProcess | undefined
let dataDir: string | undefined

/** Starts the built server (dist/) exactly as `npm start` does, on embedded defaults. */
export default async function setup(project: TestProject) {
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-e2e-'))
  child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_RATE_LIMIT_FACTOR: '20',
      LOG_LEVEL: 'WARN',
      // The demo subset only: the flows need real law, not the whole folder being indexed beside them.
      CORPUS_BACKGROUND: 'demo',
      // Third parties on: the browser fixture answers their scripts locally (see fixtures.ts).
      GTM_ID: 'GTM-E2ETEST',
      SUPPORT_WIDGET_SRC: 'https://widget.lexia.test/widget.js',
      // The operator console's flow signs in as this account (fixtures' E2E_ADMIN_EMAIL); no other flow uses it.
      ADMIN_EMAILS: 'admin-e2e@ejemplo.pe',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += String(d)
  })
  // The first start indexes the demo subset before it serves (about 13 s alone; minutes on a busy machine).
  const startLimitMs = 180_000
  const deadline = Date.now() + startLimitMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al iniciar:\n${output}`)
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break
    } catch {}
    if (Date.now() > deadline)
      throw new Error(`El servidor no respondió en ${startLimitMs / 1000} s:\n${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)

  return async () => {
    child?.kill('SIGTERM')
    await new Promise((r) => child?.once('exit', r))
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}
