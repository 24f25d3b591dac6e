import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type Database, openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'

/**
 * Databases the tests start from, made once per `vitest run` by the global setup (global-setup.ts) rather than once
 * per file. A fresh PGlite runs initdb — a second PostgreSQL in WebAssembly, compiled and started — and then the
 * migrations: seconds of CPU in every file that opens one. Loading a dump skips both (docs/decisions/0030).
 *
 * The global setup passes the dumps' folder and the PostgreSQL template's name to the workers through the
 * environment (set before they start); without it (one file run by other means, bench scripts) a worker builds
 * its own, once.
 */
const PGLITE_DIR = 'LEXIA_TEST_PGLITE_TEMPLATES'
const PG_TEMPLATE = 'LEXIA_TEST_PG_TEMPLATE'

/**
 * `blank`: as initdb leaves it; `migrated`: the migrations run, nothing seeded (what a test that migrated a blank
 * database had, without running them again in every such test); `seeded`: migrated and seeded, as a server has it
 * after its start.
 */
export type PgliteTemplate = 'blank' | 'migrated' | 'seeded'

async function buildPgliteTemplates(): Promise<Record<PgliteTemplate, Blob>> {
  const database = await openDatabase({})
  const client = database.client as PGlite
  const blank = await client.dumpDataDir('none')
  await migrate(database)
  const migrated = await client.dumpDataDir('none')
  await seed(database.db)
  const seeded = await client.dumpDataDir('none')
  await database.close()
  return { blank, migrated, seeded }
}

/** Global setup: writes the dumps into `dir` and tells the workers where they are. */
export async function writePgliteTemplates(dir: string): Promise<void> {
  const dumps = await buildPgliteTemplates()
  for (const [name, blob] of Object.entries(dumps))
    writeFileSync(path.join(dir, `${name}.tar`), Buffer.from(await blob.arrayBuffer()))
  process.env[PGLITE_DIR] = dir
}

let local: Promise<Record<PgliteTemplate, Blob>> | undefined
/**
 * The run's dumps as this process read them, one Blob per kind: a dump is about 40 MB (a 16 MB WAL segment among
 * them), and reading it from disk into a new Blob for every database a worker opens cost more CPU than the rest of
 * some files' tests. A Blob is immutable and PGlite only reads it, so every database a worker opens shares it.
 */
const read = new Map<string, Blob>()
/** A dump to load into a new PGlite (`openDatabase({ loadDataDir })`). */
export async function pgliteTemplate(kind: PgliteTemplate): Promise<Blob> {
  const dir = process.env[PGLITE_DIR]
  if (dir) {
    const file = path.join(dir, `${kind}.tar`)
    const blob = read.get(file) ?? new Blob([readFileSync(file)])
    read.set(file, blob)
    return blob
  }
  local ??= buildPgliteTemplates()
  return (await local)[kind]
}

/**
 * A PGlite in a data folder, as a server keeps one, filled from the run's dump rather than by initdb (about 6 s of
 * CPU and more of disk syncs on every new folder): for tests of what a server does with its folder, not of the
 * folder's first creation (prepare-embedded.test.ts and the background corpus pass test that).
 */
export async function testDataDir(dataDir: string, kind: PgliteTemplate = 'seeded'): Promise<Database> {
  return openDatabase({ dataDir, loadDataDir: await pgliteTemplate(kind) })
}

/**
 * Global setup, when TEST_DATABASE_URL is set: a migrated, seeded database on that server that each test database
 * is copied from (`create database … template …`, a file copy on the server). Returns a function that drops it.
 */
export async function createPostgresTemplate(baseUrl: string): Promise<() => Promise<void>> {
  const name = `lexia_tpl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  await adminQuery(baseUrl, `create database ${name}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  try {
    await migrate(database)
    await seed(database.db)
  } finally {
    // A template must have no connections when it is copied.
    await database.close()
  }
  process.env[PG_TEMPLATE] = name
  return () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`)
}

/** The template's name, if the global setup made one. */
export const postgresTemplate = (): string | undefined => process.env[PG_TEMPLATE]

export async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}
