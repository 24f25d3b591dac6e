import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { corpusOriginals } from '../schema'

/**
 * Renders again the PDF editions that state another status than the index's. An edition is rendered from its file,
 * whose front matter calls the norm in force; a later norm of the folder may repeal it (search/repeals.ts), which is
 * known only once the whole folder is read. The drawer's badge and the edition must say the same (shared/norm-status.ts):
 * the few norms whose mark changed are read from the folder again and their editions replaced (same pages: the status
 * is one line of the title block). metadata.editionStatus records what an edition rendered here states; an edition
 * without it states the file's, which is 'in_force' for a marked norm (only those are marked) and the status otherwise.
 */
export async function renderStatusEditions(
  db: Db,
  corpusDir: string,
  /** Told of each edition left as it was because its file could not be read again (path in the folder, why). */
  onUnreadable?: (sourcePath: string, error: unknown) => void,
): Promise<number> {
  const stale = await queryRows<{ id: number; sourcePath: string; fileName: string; status: string }>(
    db,
    sql`select id, source_path as "sourcePath", file_name as "fileName", status from corpus_documents
        where kind = 'norma' and status is not null
          and coalesce(metadata->>'editionStatus', case when metadata ? 'repealedBy' then 'in_force' else status end)
            is distinct from status`,
  )
  if (!stale.length) return 0
  // Loaded only now: every start asks, and the parser and the PDF library would otherwise sit in the server's memory.
  const [{ loadPackManifest }, { parseNorm }, { renderNormPdf }, { decodeUtf8 }, { originalEtag }] =
    await Promise.all([
      import('../pack/manifest'),
      import('../parse/norm'),
      import('../render/norm-pdf'),
      import('./documents'),
      import('./store'),
    ])
  const pack = loadPackManifest()
  let rendered = 0
  for (const d of stale) {
    const file = path.join(corpusDir, d.sourcePath)
    let pdf: Buffer
    try {
      pdf = (
        await renderNormPdf(parseNorm(decodeUtf8(readFileSync(file)), d.fileName), { pack, status: d.status })
      ).pdf
    } catch (error) {
      // Gone or changed into something unreadable since it was ingested: the next ingestion removes it or reports it,
      // and a start must not fail on it. The caller says so; it is asked again at the next start.
      onUnreadable?.(d.sourcePath, error)
      continue
    }
    await db.transaction(async (tx) => {
      await tx
        .update(corpusOriginals)
        .set({ pdf, etag: originalEtag(pdf) })
        .where(eq(corpusOriginals.documentId, d.id))
      await tx.execute(
        sql`update corpus_documents set metadata = metadata || jsonb_build_object('editionStatus', ${d.status}::text)
            where id = ${d.id}`,
      )
    })
    rendered++
  }
  return rendered
}
