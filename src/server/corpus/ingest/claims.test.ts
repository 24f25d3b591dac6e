import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/client'
import { queryRows } from '../../db/query'
import { createTestApp, type TestApp } from '../../test/harness'
import { missing, postgres, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { fileClaims } from './claims'
import { finisherFor } from './index-state'
import { ingestCorpus } from './ingest'

const SHARED = SHARED_CORPUS
const NORMS = path.join('legalize-pe', 'pe')
const FILES = [
  'LEY-29733-2011.md',
  'LEY-27337-2000.md',
  'LEY-29497-2010.md',
  'LEY-31307-2021.md',
  'LEY-32185-2024.md',
  'DLEG-957-2004.md',
]

// Advisory locks held by separate connections are what this is about: only a PostgreSQL server tests it.
describe.skipIf(missing(postgres(), sharedCorpus()))('two instances ingesting on postgres', () => {
  let t: TestApp
  let second: Database
  let third: Database
  let corpusDir: string
  beforeAll(async () => {
    t = await createTestApp('postgres')
    if (t.database.kind !== 'postgres') throw new Error('postgres')
    // Two more instances on the same database: their own pools, as separate processes would have.
    const url = t.database.client.options.connectionString!
    second = await openDatabase({ databaseUrl: url })
    third = await openDatabase({ databaseUrl: url })
    corpusDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-claims-'))
    mkdirSync(path.join(corpusDir, NORMS), { recursive: true })
    for (const name of FILES) cpSync(path.join(SHARED, NORMS, name), path.join(corpusDir, NORMS, name))
  }, 60_000)
  afterAll(async () => {
    await second?.close()
    await third?.close()
    await t?.close()
    rmSync(corpusDir, { recursive: true, force: true })
  })

  const pass = async (database: Database, busyWaitMs?: number) => {
    const claims = await fileClaims(database)
    try {
      return await ingestCorpus(database.db, {
        corpusDir,
        selection: { kind: 'all' },
        claims,
        finish: finisherFor('postgres'),
        busyWaitMs,
      })
    } finally {
      await claims?.close()
    }
  }

  it('splits the folder between two simultaneous passes: every file ingested once, by one of them', async () => {
    const [a, b] = await Promise.all([pass(t.database), pass(second)])
    expect(a.failed).toEqual([])
    expect(b.failed).toEqual([])
    // Each file parsed and stored by exactly one instance; the other found it claimed, then stored.
    expect(a.ingested + b.ingested).toBe(FILES.length)
    expect(a.skipped + b.skipped).toBe(FILES.length)
    expect(a.busy + b.busy).toBe(0)
    const [row] = await queryRows<{ documents: number; files: number; terms: number }>(
      t.db,
      sql`select (select count(*) from corpus_documents)::int as documents,
                 (select count(*) from corpus_files where path not like ':%')::int as files,
                 (select count(*) from corpus_terms)::int as terms`,
    )
    expect(row).toMatchObject({ documents: FILES.length, files: FILES.length })
    expect(row!.terms).toBeGreaterThan(1000)
  }, 120_000)

  it('leaves a file another instance holds to it, and takes it once released', async () => {
    const key = path.join(NORMS, FILES[0]!)
    const file = path.join(corpusDir, key)
    writeFileSync(file, readFileSync(file, 'utf8').replace('Artículo 1.', 'Artículo 1. (editado)'))
    const holder = (await fileClaims(third))!
    const release = await holder.claim(key)
    expect(release).not.toBeNull()
    const held = await pass(t.database, 300)
    expect(held).toMatchObject({ ingested: 0, busy: 1, skipped: FILES.length - 1 })
    await release!()
    const taken = await pass(second, 300)
    expect(taken).toMatchObject({ ingested: 1, busy: 0 })
    await holder.close()
  }, 60_000)
})
