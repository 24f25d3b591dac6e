import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { ServiceError, zodDetails } from '../../shared/errors'
import { searchQuerySchema } from '../../shared/search-schemas'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import type { Db } from '../db/client'
import type { CorpusIndexer } from './ingest/background'
import { corpusDocuments, corpusOriginals } from './schema'
import { searchCorpus } from './search/search'
import { toSourceItem } from './source-item'

export function corpusRoutes(db: Db, auth: Auth, indexer: CorpusIndexer) {
  const app = new Hono<{ Variables: AuthVariables }>()
  // Per route, not app.use('*'): this app is mounted on /api and must not guard paths it does not own.
  const signedIn = requireUser(auth)

  // Public, like /api/health: how much of the folder is searchable yet says nothing about anyone.
  app.get('/corpus/status', async (c) => {
    c.header('cache-control', 'no-store')
    return c.json(await indexer.status())
  })

  app.get('/search', signedIn, async (c) => {
    const parsed = searchQuerySchema.safeParse(c.req.query())
    if (!parsed.success) {
      const details = zodDetails(parsed.error)
      throw new ServiceError('INVALID_PARAMS', Object.values(details)[0], details)
    }
    const hits = await searchCorpus(db, parsed.data)
    const emptyIndex =
      hits.length === 0 &&
      (await db.select({ id: corpusDocuments.id }).from(corpusDocuments).limit(1)).length === 0
    return c.json({ results: hits.map(toSourceItem), emptyIndex })
  })

  // Originals: a ruling's real PDF or a norm's rendered edition. Immutable per ETag; private to signed-in users.
  app.get('/originals/:file', signedIn, async (c) => {
    const file = c.req.param('file')
    const m = /^([A-Za-z0-9][A-Za-z0-9._-]{0,120})\.pdf$/.exec(file)
    if (!m) throw new ServiceError('NOT_FOUND', 'Documento no encontrado')
    const [row] = await db
      .select({
        pdf: corpusOriginals.pdf,
        etag: corpusOriginals.etag,
        identifier: corpusDocuments.identifier,
      })
      .from(corpusOriginals)
      .innerJoin(corpusDocuments, eq(corpusDocuments.id, corpusOriginals.documentId))
      .where(eq(corpusDocuments.identifier, m[1]!))
    if (!row) throw new ServiceError('NOT_FOUND', 'Documento no encontrado')
    const etag = `"${row.etag}"`
    c.header('etag', etag)
    c.header('cache-control', 'private, max-age=86400')
    if (c.req.header('if-none-match') === etag) return c.body(null, 304)
    c.header('content-type', 'application/pdf')
    c.header('content-disposition', `inline; filename="${row.identifier}.pdf"`)
    return c.body(new Uint8Array(row.pdf))
  })
  return app
}
