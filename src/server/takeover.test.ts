import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusStatusSchema } from '../shared/corpus-status-schemas'
import { projectRoot } from './lib/project-root'
import { LEGAL_INTENT_MODEL_ENV } from './research/legal-intent'
import { bundleServer, scratchDatabase } from './test/crash-scenario'
import { missing, postgres, SHARED_CORPUS, sharedCorpus } from './test/requirements'

const SHARED = SHARED_CORPUS
const NORMS = path.join('legalize-pe', 'pe')

/** The Constitution as the demo subset, three other norms for the pass. */
function smallCorpus(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-takeover-corpus-'))
  mkdirSync(path.join(dir, NORMS), { recursive: true })
  for (const name of ['CON-1993.md', 'LEY-29733-2011.md', 'LEY-27444-2001.md', 'LEY-29497-2010.md'])
    cpSync(path.join(SHARED, NORMS, name), path.join(dir, NORMS, name))
  writeFileSync(path.join(dir, 'demo-normas.txt'), 'CON-1993.md\n')
  return dir
}

/** A request on a connection of its own; rejects with the socket's error (refused, reset). */
const get = (port: number, pathname: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d) => {
          body += d
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .once('error', reject)
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// The real server (main.ts bundled) under npm start's launcher, on PostgreSQL: a first start whose pass stores files
// hands over to a fresh process (FRESH_PROCESS_ABOVE_MB=0: whatever its memory), while requests keep coming.
// PGlite's order (the old process closes the folder before the new one opens it) is tested with a small stand-in
// in scripts/server-process.test.ts: a first start on PGlite takes longer than this test may.
// Linux only by design (it signals a process group); off Linux it skips even on CI.
describe.skipIf(process.platform !== 'linux' || missing(postgres(), sharedCorpus()))(
  'the real server replaced by a fresh process after its corpus pass',
  () => {
    let bundle: Awaited<ReturnType<typeof bundleServer>>
    let database: Awaited<ReturnType<typeof scratchDatabase>>
    let corpusDir: string
    let dataDir: string
    beforeAll(async () => {
      bundle = await bundleServer()
      database = await scratchDatabase()
      corpusDir = smallCorpus()
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-takeover-data-'))
    }, 60_000)
    afterAll(async () => {
      bundle?.remove()
      await database?.drop()
      for (const dir of [corpusDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('answers every request during the takeover, and the new process serves after it', async () => {
      const port = 20_000 + Math.floor(Math.random() * 20_000)
      const launcherScript = path.join(dataDir, 'launch.mjs')
      writeFileSync(
        launcherScript,
        `const { runServerProcess } = await import(${JSON.stringify(pathToFileURL(path.join(projectRoot(), 'scripts/server-process.mjs')).href)})
process.exitCode = await runServerProcess(${JSON.stringify(bundle.file)})
`,
      )
      const launcher = spawn(process.execPath, [launcherScript], {
        cwd: projectRoot(),
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(port),
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          CORPUS_DIR: corpusDir,
          CORPUS_BACKGROUND: 'all',
          FRESH_PROCESS_ABOVE_MB: '0',
          AUTH_SECRET: 'takeover-test-secret-takeover-test-0123',
          LOG_LEVEL: 'ERROR',
          // The run's taught legal-intent classifier, read instead of taught again (global-setup.ts).
          [LEGAL_INTENT_MODEL_ENV]: process.env[LEGAL_INTENT_MODEL_ENV] ?? '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      let output = ''
      launcher.stdout.on('data', (d) => {
        output += d
      })
      launcher.stderr.on('data', (d) => {
        output += d
      })
      const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve))
      try {
        for (let up = false; !up; await sleep(100)) {
          if (launcher.exitCode !== null) throw new Error(`el servidor terminó:\n${output}`)
          up = await get(port, '/api/health').then(
            (r) => r.status === 200,
            () => false,
          )
        }
        const answers: number[] = []
        const failures: string[] = []
        let sending = true
        const clients = [0, 1, 2].map(async () => {
          while (sending) {
            await get(port, '/api/health').then(
              (r) => answers.push(r.status),
              (e: NodeJS.ErrnoException) => failures.push(e.code ?? e.message),
            )
            await sleep(10)
          }
        })
        for (
          const end = Date.now() + 40_000;
          (output.match(/Lexia lista/g) ?? []).length < 2;
          await sleep(50)
        )
          if (Date.now() > end) throw new Error(`no hubo relevo:\n${output}`)
        await sleep(500)
        sending = false
        await Promise.all(clients)

        expect(output).toMatch(/Corpus completo: 4 documentos.*3 archivos indexados/)
        expect(output).toMatch(/Reemplazando el servidor por uno nuevo/)
        expect(output).toMatch(/Relevo por un proceso nuevo: cerrando/)
        expect(failures).toEqual([])
        expect(answers.length).toBeGreaterThan(0)
        expect(answers.every((s) => s === 200)).toBe(true)
        // The new process ran its own pass: nothing left to store, so it does not ask for another.
        let status = corpusStatusSchema.parse(JSON.parse((await get(port, '/api/corpus/status')).body))
        for (; status.state !== 'done'; await sleep(100))
          status = corpusStatusSchema.parse(JSON.parse((await get(port, '/api/corpus/status')).body))
        expect(status).toMatchObject({ documents: 4, files: { total: 4, ingested: 0, skipped: 4 } })
        expect(output.match(/Reemplazando/g)).toHaveLength(1)
      } finally {
        if (launcher.exitCode === null) process.kill(-(launcher.pid as number), 'SIGTERM')
      }
      expect(await exited).toBe(0)
    }, 90_000)
  },
)
