import path from 'node:path'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { projectRoot } from '../lib/project-root'
import type { Database, Schema } from './client'

const MIGRATIONS_LOCK = 7_346_101 // any constant: one advisory lock for every app instance

export async function migrate(database: Database): Promise<void> {
  const migrationsFolder = path.join(projectRoot(), 'drizzle')
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder })
    return
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
  // Several instances may start at once against one server: only one migrates at a time.
  const conn = await database.client.connect()
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK])
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder })
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => {})
    conn.release()
  }
}
