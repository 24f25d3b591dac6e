import { sql } from 'drizzle-orm'
import type { Db } from './client'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The first key of a transaction lock: what is locked (one number per kind, so kinds never wait on each other). */
export const LOCK_SCOPES = {
  suggestionsOfUser: 7_346_201,
  normTerms: 7_346_202,
  champions: 7_346_203,
  passageMarks: 7_346_204,
  repeals: 7_346_205,
  amendments: 7_346_206,
} as const

/**
 * Holds a PostgreSQL advisory lock on (scope, key) until the transaction ends. A count-then-insert under it is
 * atomic across connections and instances: without it, requests arriving together all count the same rows and
 * all pass. Distinct keys may share a hash; they then only take turns.
 */
export async function lockForTransaction(tx: Tx, scope: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${scope}::int, hashtext(${key}))`)
}
