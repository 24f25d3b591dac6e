import type { PoolClient } from 'pg'
import type { Database } from '../../db/client'
import { LOCK_NAMESPACE } from './index-state'

/**
 * Who ingests which file when several instances share one PostgreSQL database: a file is claimed (a session
 * advisory lock on its key, held by one connection kept for the pass) before it is read and parsed, and released
 * once stored. Another instance finds it claimed and moves on; a crashed instance's claims go with its connection.
 */
export type FileClaims = {
  /** The release, or null when another instance holds the file. */
  claim(key: string): Promise<(() => Promise<void>) | null>
  close(): Promise<void>
}

/** Claims for a database: none on PGlite, whose data folder admits one process. */
export async function fileClaims(database: Database): Promise<FileClaims | undefined> {
  if (database.kind !== 'postgres') return undefined
  const client: PoolClient = await database.client.connect()
  // An error on this idle connection (the server restarting) must not crash the process; the pass then fails.
  client.on('error', () => {})
  return {
    async claim(key) {
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as ok',
        [LOCK_NAMESPACE, key],
      )
      if (!rows[0]?.ok) return null
      return async () => {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, key])
      }
    },
    async close() {
      client.release()
    },
  }
}
