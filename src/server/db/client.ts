import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from './schema'

export type Schema = typeof schema
/** Both drivers share Drizzle's Postgres API; modules only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; client: pg.Pool; close(): Promise<void> }

export type OpenOptions = {
  databaseUrl?: string
  /** PGlite data folder; omitted → in memory (tests). */
  dataDir?: string
  /** A PGlite data-dir dump to start from (test fixtures clone a migrated database in < 1 s). */
  loadDataDir?: Blob
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
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
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return { kind: 'pglite', db, client, close: () => client.close() }
}
