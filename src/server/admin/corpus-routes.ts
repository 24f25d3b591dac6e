import { and, asc, count, desc, eq, ilike, max, or, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  type AdminCorpus,
  CORPUS_MESSAGES,
  documentListQuerySchema,
  reingestRequestSchema,
} from '../../shared/admin/corpus'
import { corpusDocuments, corpusFiles } from '../corpus/schema'
import { jsonBody } from '../http/validate'
import { corpusFile } from './corpus-reingest'
import type { AdminDeps } from './deps'
import { iso, likePattern, notFound, offsetOf, pageOf, queryOf } from './http'
import { latestReingest, openReingest, runReingest } from './reingest-runs'
import type { AdminVariables } from './require-admin'

// Table names spelled out: drizzle leaves a lone table's columns unqualified, and `id` here would be the passages'.
const passagesOf = sql<number>`(select count(*)::int from corpus_passages p where p.document_id = corpus_documents.id)`
const SORTS = {
  identifier: corpusDocuments.identifier,
  title: corpusDocuments.title,
  passages: passagesOf,
  ingestedAt: corpusDocuments.ingestedAt,
}

/** Corpus (issue 19 item 2): what is indexed, the background pass, and re-ingesting one file or all. */
export function adminCorpusRoutes({ database, indexer, corpusDir, reingest, logger }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/corpus', async (c) => {
    const [status, byKind, [last], reingest] = await Promise.all([
      indexer.status(),
      db
        .select({
          kind: corpusDocuments.kind,
          documents: sql<number>`count(*)::int`,
          passages: sql<number>`coalesce(sum(${passagesOf}), 0)::int`,
        })
        .from(corpusDocuments)
        .groupBy(corpusDocuments.kind)
        .orderBy(asc(corpusDocuments.kind)),
      db.select({ at: max(corpusFiles.ingestedAt) }).from(corpusFiles),
      // From the database, so every instance shows the one running wherever it runs.
      latestReingest(db),
    ])
    const body: AdminCorpus = { status, byKind, lastIngestedAt: iso(last?.at), reingest }
    return c.json(body)
  })

  app.get('/corpus/documents', async (c) => {
    const q = queryOf(c, documentListQuerySchema)
    const filters: SQL[] = []
    if (q.kind) filters.push(eq(corpusDocuments.kind, q.kind as 'norma'))
    if (q.q)
      filters.push(
        or(
          ilike(corpusDocuments.identifier, likePattern(q.q)),
          ilike(corpusDocuments.title, likePattern(q.q)),
        )!,
      )
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(SORTS[q.sort]) : desc(SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: corpusDocuments.id,
          identifier: corpusDocuments.identifier,
          title: corpusDocuments.title,
          kind: corpusDocuments.kind,
          sourcePath: corpusDocuments.sourcePath,
          passages: passagesOf,
          ingestedAt: corpusDocuments.ingestedAt,
        })
        .from(corpusDocuments)
        .where(where)
        .orderBy(order, asc(corpusDocuments.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(corpusDocuments).where(where),
    ])
    const items = rows.map((r) => ({ ...r, passages: Number(r.passages), ingestedAt: iso(r.ingestedAt) }))
    return c.json(pageOf(items, total?.n ?? 0, q))
  })

  app.post('/corpus/reingest', async (c) => {
    const input = await jsonBody(c, reingestRequestSchema)
    if (!corpusDir) throw notFound(CORPUS_MESSAGES.noCorpus)
    let target: { path: string } | { all: true } = { all: true }
    if ('path' in input) {
      const file = corpusFile(corpusDir, input.path)
      if (!file) throw notFound(CORPUS_MESSAGES.notFound)
      target = { path: file }
    }
    const label = 'path' in target ? target.path : 'todo el corpus'
    // One at a time across instances (409 while another runs), audited in the same transaction.
    const id = await openReingest(db, c.get('admin'), label)
    // In the background: a whole pass takes long; GET /corpus shows how it went.
    void runReingest(db, logger, id, () => reingest(target))
    return c.json({ accepted: true as const, target: label }, 202)
  })

  return app
}
