import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { corpusDocuments, corpusOriginals } from '../schema'
import type { DocumentToStore } from './documents'

const BATCH = 400
/** A tsvector holds at most 1 MB: a runaway passage (a whole code swallowed by a preamble) is indexed by its start. */
const MAX_INDEXED_CHARS = 100_000

/** NUL and other C0 controls (bar tab and newline) come from some OCR'd sources; Postgres text and jsonb refuse NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000b-\u001f]/g, '')

/** The entity tag an original is served with: its bytes' hash, so a re-rendered edition is fetched anew. */
export const originalEtag = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex').slice(0, 32)

/**
 * Stores one document, its original and its passages. Each passage's tsvector is built in SQL with the
 * accent-free Spanish configuration: label and heading weigh most (A), then the structure path and the
 * document's title (B), then the text (C); the descriptor index's words for it, apart (D).
 */
export async function storeDocument(db: Db, doc: DocumentToStore): Promise<number> {
  const [row] = await db.insert(corpusDocuments).values(doc.document).returning({ id: corpusDocuments.id })
  const documentId = row!.id
  if (doc.pdf)
    await db.insert(corpusOriginals).values({ documentId, pdf: doc.pdf, etag: originalEtag(doc.pdf) })
  const title = doc.document.title
  for (let i = 0; i < doc.passages.length; i += BATCH) {
    const batch = doc.passages.slice(i, i + BATCH)
    await db.execute(sql`
      insert into corpus_passages
        (document_id, kind, number, label, heading, path, content, notes, page_number, ordinal, descriptors, search)
      select ${documentId}, x.kind, x.number, x.label, x.heading, x.path, x.content, x.notes, x.page_number, x.ordinal,
        x.descriptors,
        setweight(to_tsvector('es_legal', x.label || ' ' || coalesce(x.heading, '')), 'A') ||
        setweight(to_tsvector('es_legal', x.path || ' ' || ${title}), 'B') ||
        setweight(to_tsvector('es_legal', left(x.content, ${MAX_INDEXED_CHARS})), 'C') ||
        setweight(to_tsvector('es_legal', coalesce(x.descriptors, '')), 'D')
      from jsonb_to_recordset(${JSON.stringify(
        batch.map((p) => ({
          kind: p.kind,
          number: p.number,
          label: clean(p.label),
          heading: p.heading && clean(p.heading),
          path: clean(p.path),
          content: clean(p.content),
          notes: p.notes.map(clean),
          page_number: p.pageNumber,
          ordinal: p.ordinal,
          descriptors: p.descriptors ? clean(p.descriptors) : null,
        })),
      )}::jsonb) as x(kind text, number text, label text, heading text, path text, content text, notes jsonb,
        page_number int, ordinal int, descriptors text)
    `)
  }
  return doc.passages.length
}
