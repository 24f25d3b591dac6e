import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type pg from 'pg'
import { ReopenablePglite } from './reopenable-pglite'
import * as schema from './schema'

export type Schema = typeof schema
/** Both drivers share Drizzle's Postgres API; modules only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database =
  | {
      kind: 'pglite'
      db: Db
      /** A PGlite in memory (tests); on a data folder, a handle that can open it again (reopenable-pglite.ts). */
      client: PGlite | ReopenablePglite
      close(): Promise<void>
      /**
       * On a data folder only: closes PGlite and opens the folder again behind the same `db`, returning the memory a
       * bulk pass grew (a WebAssembly memory never shrinks). Requests meanwhile wait, none fails.
       */
      reopen?: () => Promise<void>
    }
  | { kind: 'postgres'; db: Db; client: pg.Pool; close(): Promise<void> }

/** PGlite's own defaults (its `defaultStartParams`), which a custom list replaces rather than extends. */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
]

export type OpenOptions = {
  databaseUrl?: string
  /** PGlite data folder; omitted → in memory (tests). */
  dataDir?: string
  /** A PGlite data-dir dump to start from (test fixtures clone a migrated database in < 1 s). */
  loadDataDir?: Blob
  /**
   * PGlite's shared_buffers. Postgres' 128MB default is touched at start and dominates a laptop server's
   * memory (see docs/decisions/0005); the OS page cache still holds the data files.
   */
  sharedBuffers?: string
}

/** A PGlite in memory (tests): nothing to open again. */
function inMemory(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return { kind: 'pglite', db, client, close: () => client.close() }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only when used: the embedded mode never pays for the driver's memory.
    const { default: pgModule } = await import('pg')
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres')
    const pool = new pgModule.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return { kind: 'postgres', db, client: pool, close: () => pool.end() }
  }
  let dataDir: string | undefined
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite')
    mkdirSync(dataDir, { recursive: true })
  }
  const create = (loadDataDir?: Blob) =>
    PGlite.create({
      dataDir,
      loadDataDir,
      // Same search as on PostgreSQL: accent-insensitive Spanish and trigram fuzziness (migration 0002).
      extensions: { unaccent, pg_trgm },
      startParams: [...PGLITE_START_PARAMS, '-c', `shared_buffers=${options.sharedBuffers ?? '8MB'}`],
    })
  const first = await create(options.loadDataDir)
  if (!dataDir) return inMemory(first)
  // `first` is captured by no closure of this function: closures share their function's context, and one that
  // held it would keep the instance a reopen replaces, with all its memory, for the life of the server.
  const client = new ReopenablePglite(first, () => create())
  // Drizzle only calls query and transaction: it runs on the handle as on a PGlite.
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db
  return { kind: 'pglite', db, client, close: () => client.close(), reopen: () => client.reopen() }
}
