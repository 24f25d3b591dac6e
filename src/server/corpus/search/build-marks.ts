import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'

/**
 * How a derived index of search was built (the champion lists, the passage marks, the norm-level index), kept as a
 * row of corpus_files whose path starts with ':' (no corpus file's does) and whose hash is the build's signature: a
 * release that builds it otherwise rebuilds it once at the next start, with no file of the corpus changed.
 */
export async function recordBuild(tx: Pick<Db, 'execute'>, mark: string, signature: string): Promise<void> {
  await tx.execute(sql`
    insert into corpus_files (path, content_hash) values (${mark}, ${signature})
    on conflict (path) do update set content_hash = excluded.content_hash`)
}

/** Whether an index must be built again: the corpus holds documents and it was built otherwise, or never. */
export async function needsBuild(db: Db, mark: string, signature: string): Promise<boolean> {
  const [row] = await queryRows<{ documents: boolean; built: string | null }>(
    db,
    sql`select exists (select 1 from corpus_documents) as documents,
          (select content_hash from corpus_files where path = ${mark}) as built`,
  )
  return !!row?.documents && row.built !== signature
}
