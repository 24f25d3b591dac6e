import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type CorpusStatus, corpusStatusSchema } from '../../../shared/corpus-status-schemas'
import { createLogger } from '../../../shared/logger'
import { loadConfig } from '../../config'
import { queryRows } from '../../db/query'
import { startServer } from '../../server'
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { corpusDocuments } from '../schema'
import { searchCorpus } from '../search/search'
import { type CorpusIndexer, createCorpusIndexer } from './background'
import { ensureCorpus } from './ensure-corpus'
import { INGEST_VERSION, ingestCorpus } from './ingest'
import { dataDirSignatures } from './signatures'

const SHARED = SHARED_CORPUS
const NORMS = path.join('legalize-pe', 'pe')
const REFORM = path.join('reformas-constitucionales', 'LEY-REFORMA-26470-1995.md')

/**
 * A few files of the real folder: the Constitution as the demo subset; the data protection law, a large
 * regulation after it and a constitutional reform in its subfolder as the rest.
 */
function smallCorpus(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-background-'))
  mkdirSync(path.join(dir, NORMS, 'reformas-constitucionales'), { recursive: true })
  for (const name of ['CON-1993.md', 'LEY-29733-2011.md', 'RL-28766-2006.md', REFORM])
    cpSync(path.join(SHARED, NORMS, name), path.join(dir, NORMS, name))
  writeFileSync(path.join(dir, 'demo-normas.txt'), 'CON-1993.md\n')
  return dir
}

const quiet = createLogger({ level: 'ERROR' })

describe.skipIf(missing(sharedCorpus())).each(BACKENDS)('background corpus pass on %s', (backend) => {
  let t: TestApp
  let corpusDir: string
  let dataDir: string
  let indexer: CorpusIndexer
  const printed: string[] = []
  const duringPass: { identifiers: string[]; state: string; left: number }[] = []
  const status = async () => {
    const res = await t.call('/api/corpus/status')
    expect(res.status).toBe(200)
    return corpusStatusSchema.parse(await res.json())
  }

  beforeAll(async () => {
    corpusDir = smallCorpus()
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-background-data-'))
    t = await createTestApp(
      backend,
      {},
      {
        corpusIndexer: (database) => {
          indexer = createCorpusIndexer({
            database,
            corpusDir,
            mode: 'all',
            dataDir,
            logger: quiet,
            print: (line) => void printed.push(line),
            // After every stored file: the test looks at search between two files.
            refresh: { minIntervalMs: 0, factor: 0 },
            async afterRefresh() {
              const hits = await searchCorpus(database.db, {
                q: 'consentimiento del titular de datos personales',
                limit: 5,
              })
              const s = await indexer.status()
              duringPass.push({
                identifiers: hits.map((h) => h.identifier),
                state: s.state,
                left: s.files.left,
              })
            },
          })
          return indexer
        },
      },
    )
    // The first start: the demo subset before the server serves, as ensureCorpus does.
    await ensureCorpus(t.db, corpusDir, quiet)
  }, 120_000)
  afterAll(async () => {
    await indexer?.stop()
    await t?.close()
    rmSync(corpusDir, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('reports idle before the pass, indexing during it, done after, and the whole folder searchable', async () => {
    const before = await status()
    expect(before).toMatchObject({ state: 'idle', mode: 'all', startedAt: null, errors: [] })
    expect(before.documents).toBe(1)
    expect(before.passages).toBeGreaterThan(200)

    indexer.start()
    expect((await status()).state).toBe('indexing')
    await indexer.done
    const after = await status()
    expect(after).toMatchObject({
      state: 'done',
      files: { total: 4, done: 4, left: 0, ingested: 3, skipped: 1, busy: 0 },
      errors: [],
    })
    expect(after.documents).toBe(4)
    expect(after.finishedAt).not.toBeNull()
    expect(after.refreshedAt).not.toBeNull()
    // The counts kept during the pass are the index's.
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from corpus_passages`)
    expect(after.passages).toBe(count!.n)

    // Between two files, while the pass still had files left, the law stored first was already found.
    const first = duringPass[0]!
    expect(first).toMatchObject({ state: 'indexing' })
    expect(first.left).toBeGreaterThan(0)
    expect(first.identifiers).toContain('LEY-29733-2011')
    expect(printed.some((l) => l.startsWith('Índice actualizado'))).toBe(true)
    expect(printed.at(-1)).toMatch(/^Corpus completo: 4 documentos/)
    const [reform] = await t.db
      .select({ sourcePath: corpusDocuments.sourcePath })
      .from(corpusDocuments)
      .where(eq(corpusDocuments.identifier, 'LEY-REFORMA-26470-1995'))
    expect(reform?.sourcePath).toBe(path.join(NORMS, REFORM))
  }, 180_000)

  it('restarts idempotently: nothing read, parsed or rebuilt when nothing changed; a changed file alone', async () => {
    const signatures = () => dataDirSignatures(dataDir, INGEST_VERSION)
    const again = await ingestCorpus(t.db, {
      corpusDir,
      selection: { kind: 'all' },
      signatures: signatures(),
    })
    expect(again).toMatchObject({ ingested: 0, skipped: 4, hashed: 0, finished: false, failed: [] })

    // A second indexer, as on the next start: done with nothing ingested.
    const next = createCorpusIndexer({
      database: t.database,
      corpusDir,
      mode: 'all',
      dataDir,
      logger: quiet,
      print: () => {},
    })
    next.start()
    await next.done
    expect(await next.status()).toMatchObject({ state: 'done', files: { ingested: 0, skipped: 4 } })

    // A touched file whose bytes did not change is read again and found unchanged; an edited one is re-ingested.
    const law = path.join(corpusDir, NORMS, 'LEY-29733-2011.md')
    const reform = path.join(corpusDir, NORMS, REFORM)
    const future = new Date(Date.now() + 60_000)
    utimesSync(law, future, future)
    writeFileSync(reform, `${readFileSync(reform, 'utf8')}\n`)
    const changed = await ingestCorpus(t.db, {
      corpusDir,
      selection: { kind: 'all' },
      signatures: signatures(),
    })
    expect(changed).toMatchObject({ ingested: 1, skipped: 3, hashed: 2, finished: true })
  }, 120_000)
})

describe.skipIf(missing(sharedCorpus()))('a server started on an empty data folder', () => {
  const corpusDir = existsSync(SHARED) ? smallCorpus() : ''
  const dataDirs: string[] = []
  afterAll(() => {
    for (const dir of [corpusDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true })
  })
  const start = async (env: Record<string, string>, dataDir: string) => {
    const running = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: dataDir,
        CORPUS_DIR: corpusDir,
        AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
        LOG_LEVEL: 'ERROR',
        ...env,
      }),
      { clientDir: null },
    )
    const status = async () =>
      corpusStatusSchema.parse(
        await (await fetch(`http://127.0.0.1:${running.port}/api/corpus/status`)).json(),
      )
    return { running, status }
  }
  const waitDone = async (status: () => Promise<CorpusStatus>) => {
    for (let s = await status(); ; s = await status()) {
      if (s.state === 'done') return s
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('serves the demo subset, indexes the rest in the background, and resumes on restart without work', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-background-server-'))
    dataDirs.push(dataDir)
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const reopened = () => log.mock.calls.filter(([line]) => /^Base de datos reabierta/.test(String(line)))
    const first = await start({}, dataDir)
    const early = await first.status()
    expect(early.mode).toBe('all')
    expect(early.documents).toBeGreaterThanOrEqual(1)
    const done = await waitDone(first.status)
    expect(done).toMatchObject({ documents: 4, files: { total: 4, left: 0, ingested: 3 }, errors: [] })
    // The pass ingested: the embedded database was opened again to give its memory back, and the same handle
    // still reads what the pass stored.
    expect(reopened()).toHaveLength(1)
    const [count] = await queryRows<{ n: number }>(
      first.running.database.db,
      sql`select count(*)::int as n from corpus_documents`,
    )
    expect(count!.n).toBe(4)
    await first.running.close()

    const second = await start({}, dataDir)
    const again = await waitDone(second.status)
    expect(again).toMatchObject({ documents: 4, files: { total: 4, ingested: 0, skipped: 4 } })
    expect(again.passages).toBe(done.passages)
    // Nothing changed: nothing grew, nothing is reopened.
    expect(reopened()).toHaveLength(1)
    await second.running.close()
    log.mockRestore()
  }, 180_000)

  it('indexes nothing with CORPUS_BACKGROUND=off', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-background-off-'))
    dataDirs.push(dataDir)
    const off = await start({ CORPUS_BACKGROUND: 'off' }, dataDir)
    expect(await off.status()).toMatchObject({ state: 'idle', mode: 'off', documents: 0, passages: 0 })
    await off.running.close()
  }, 60_000)
})
