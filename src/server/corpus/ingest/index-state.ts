import { sql } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { vocabularyChanged } from '../search/vocabulary'
import { finishIndex } from './finish-index'

/**
 * A row of corpus_files that is no file (corpus keys are relative paths, never ':…'): when search's derived
 * indexes last took in what was stored. A pass stopped between storing its last file and finishing the index
 * leaves that file's rows newer than the mark, and the next start finishes what it left, even with nothing new
 * to ingest.
 */
export const FINISHED_MARK = ':index'

/** Advisory-lock namespace of ingestion on PostgreSQL ('LXIA'); key 0 is the finish, file keys are hashes. */
export const LOCK_NAMESPACE = 0x4c584941

async function markFinished(db: Db, at: string): Promise<void> {
  await db.execute(sql`
    insert into corpus_files (path, content_hash, document_identifiers, ingested_at)
    values (${FINISHED_MARK}, 'finished', '[]'::jsonb, ${at}::timestamptz)
    on conflict (path) do update set ingested_at = excluded.ingested_at
  `)
}

const dbNow = async (db: Db) => (await queryRows<{ at: string }>(db, sql`select now()::text as at`))[0]!.at

/** Whether something was stored after the index was last finished. */
export async function indexNeedsFinish(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ finished: string | null; last: string | null; champions: boolean }>(
    db,
    sql`select
          (select ingested_at::text from corpus_files where path = ${FINISHED_MARK}) as finished,
          (select max(ingested_at)::text from corpus_files where path not like ':%') as last,
          exists (select 1 from corpus_champions) as champions`,
  )
  if (!row?.last) return false
  // A database finished before the mark existed: its champion lists say it was.
  if (!row.finished) return !row.champions
  return (
    (
      await queryRows<{ newer: boolean }>(
        db,
        sql`select ${row.last}::timestamptz > ${row.finished}::timestamptz as newer`,
      )
    )[0]?.newer ?? false
  )
}

/** finishIndex statement by statement, then the mark (dated when it began: what it read). */
export async function finishAndMark(db: Db): Promise<void> {
  const at = await dbNow(db)
  await finishIndex(db)
  await markFinished(db, at)
}

/**
 * finishIndex, then the mark. On PostgreSQL in one transaction under an advisory lock: instances ingesting
 * side by side finish one at a time (two rebuilding corpus_terms at once would collide on its keys), and searches
 * meanwhile read the previous indexes whole (MVCC). PGlite runs one statement at a time: a transaction there
 * would hold every request for the whole finish, so it runs statement by statement, as the CLI always did.
 */
export function finisherFor(kind: Database['kind']): (db: Db) => Promise<void> {
  if (kind === 'pglite') return finishAndMark
  return async (db) => {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      await t.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, 0)`)
      const at = await dbNow(t)
      await finishIndex(t)
      await markFinished(t, at)
    })
    // finishIndex said so before the commit: a search in between may have cached the old vocabulary as new.
    vocabularyChanged()
  }
}
