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
import { writeAudit } from './audit'
import { corpusFile } from './corpus-reingest'
import type { AdminDeps } from './deps'
import { conflictError, iso, likePattern, notFound, offsetOf, pageOf, queryOf } from './http'
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
  // This instance's console re-ingestion: one at a time (the ingestion's claims keep instances apart).
  let current: AdminCorpus['reingest'] = null

  app.get('/corpus', async (c) => {
    const [status, byKind, [last]] = await Promise.all([
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
    ])
    const body: AdminCorpus = { status, byKind, lastIngestedAt: iso(last?.at), reingest: current }
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
    if (current?.state === 'running') throw conflictError(CORPUS_MESSAGES.busy, { current })
    const label = 'path' in target ? target.path : 'todo el corpus'
    await writeAudit(db, c.get('admin'), {
      action: 'corpus.reingest',
      entity: 'corpus',
      entityId: label,
      after: { target: label },
    })
    const run: NonNullable<AdminCorpus['reingest']> = {
      state: 'running',
      target: label,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      ingested: 0,
      skipped: 0,
      failed: [],
    }
    current = run
    // In the background: a whole pass takes long; GET /corpus shows how it went.
    void reingest(target)
      .then((outcome) => Object.assign(run, outcome, { state: 'done', finishedAt: new Date().toISOString() }))
      .catch((error: unknown) => {
        logger.error('La reingesta pedida desde la consola falló', { target: label, error: String(error) })
        Object.assign(run, { state: 'failed', finishedAt: new Date().toISOString() })
      })
    return c.json({ accepted: true as const, target: label }, 202)
  })

  return app
}
