import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { LOCK_SCOPES, lockForTransaction } from '../../db/advisory-lock'
import { queryRows } from '../../db/query'
import { corpusDocuments, corpusPassages } from '../../db/schema'
import { BACKENDS, cookiesOf, createTestApp, type TestApp } from '../../test/harness'
import { lastMailTo, tokenFromLink } from '../../test/mailbox'
import { pdfPageLines } from '../../test/pdf-lines'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { defaultDescriptorsDir } from '../pack/descriptors'
import { buildChampions, ensureChampions } from '../search/champions'
import { RANK } from '../search/rank'
import { buildRepeals } from '../search/repeals'
import { searchCorpus } from '../search/search'
import { ingestCorpus } from './ingest'

const SHARED = SHARED_CORPUS

/** A small corpus folder of our own, copied from the shared one, that the tests may change. */
function smallCorpus(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-corpus-'))
  const norms = path.join(dir, 'legalize-pe', 'pe')
  mkdirSync(norms, { recursive: true })
  for (const name of ['CON-1993.md', 'LEY-29733-2011.md', 'DLEG-PENAL-1991.md'])
    cpSync(path.join(SHARED, 'legalize-pe', 'pe', name), path.join(norms, name))
  cpSync(path.join(SHARED, 'pj-jurisprudencia'), path.join(dir, 'pj-jurisprudencia'), { recursive: true })
  writeFileSync(path.join(dir, 'demo-normas.txt'), 'CON-1993.md\nLEY-29733-2011.md\n')
  return dir
}

describe.skipIf(missing(sharedCorpus())).each(BACKENDS)('corpus on %s', (backend) => {
  let t: TestApp
  let corpusDir: string
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp(backend)
    corpusDir = smallCorpus()
    const email = `lector-${backend}@ejemplo.pe`
    await t.call('/api/auth/sign-up/email', { body: { email, password: 'secreto-123' } })
    const link = (await lastMailTo(t.db, email))!.links[0]!
    await t.call(`/api/auth/verify-email?token=${tokenFromLink(link)}`)
    cookie = cookiesOf(await t.call('/api/auth/sign-in/email', { body: { email, password: 'secreto-123' } }))
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    rmSync(corpusDir, { recursive: true, force: true })
  })

  it('ingests, skips what did not change, replaces what did, removes what vanished, reports bad files', async () => {
    const first = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' } })
    expect(first.failed).toEqual([])
    expect(first.ingested).toBe(4)
    expect(first.documents).toBeGreaterThan(200)
    const [con] = await t.db.select().from(corpusDocuments).where(eq(corpusDocuments.identifier, 'CON-1993'))
    expect(con).toMatchObject({
      kind: 'norma',
      tipoAlias: 'Constitución',
      jerarquiaAlias: 'Norma constitucional',
    })
    expect(con!.pageCount).toBeGreaterThan(20)

    const again = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' } })
    expect(again).toMatchObject({ ingested: 0, skipped: 4, removed: 0, failed: [] })

    const norms = path.join(corpusDir, 'legalize-pe', 'pe')
    const law = path.join(norms, 'LEY-29733-2011.md')
    // A changed sentence inside the first article: the file's hash changes and its document is replaced.
    writeFileSync(
      law,
      readFileSync(law, 'utf8').replace(
        /(Artículo 1\.[^\n]*\n+[^\n]+)/,
        '$1 Texto añadido por la prueba de reingesta.',
      ),
    )
    rmSync(path.join(norms, 'DLEG-PENAL-1991.md'))
    writeFileSync(path.join(norms, 'VACIO.md'), '')
    writeFileSync(path.join(norms, 'SIN-ENCABEZADO.md'), '# Una ley\n\nArtículo 1.- Nada\n')
    writeFileSync(
      path.join(norms, 'LATIN1.md'),
      Buffer.from('---\ntitle: Ley\nidentifier: X\n---\nArt\xedculo 1', 'latin1'),
    )
    writeFileSync(
      path.join(corpusDir, 'pj-jurisprudencia', 'pdf', 'Casacion-000001-2020__roto.pdf'),
      'no es un pdf',
    )

    const third = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' } })
    expect(third.removed).toBe(1)
    expect(third.failed.map((f) => f.path).sort()).toEqual([
      'legalize-pe/pe/LATIN1.md',
      'legalize-pe/pe/SIN-ENCABEZADO.md',
      'legalize-pe/pe/VACIO.md',
      'pj-jurisprudencia/pdf/Casacion-000001-2020__roto.pdf',
    ])
    expect(third.failed.find((f) => f.path.endsWith('LATIN1.md'))?.reason).toBe(
      'El archivo no está codificado en UTF-8',
    )
    expect(third.skipped).toBe(1)
    const [law29733] = await t.db
      .select()
      .from(corpusDocuments)
      .where(eq(corpusDocuments.identifier, 'LEY-29733-2011'))
    const [first1] = await t.db
      .select()
      .from(corpusPassages)
      .where(and(eq(corpusPassages.documentId, law29733!.id), eq(corpusPassages.number, '1')))
    expect(first1?.content).toContain('Texto añadido por la prueba de reingesta')
    const penal = await t.db
      .select()
      .from(corpusDocuments)
      .where(eq(corpusDocuments.identifier, 'DLEG-PENAL-1991'))
    expect(penal).toEqual([])
    const [{ n }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from corpus_terms`,
    )) as [{ n: number }]
    expect(n).toBeGreaterThan(1000)
  }, 120_000)

  it('indexes the descriptor index beside its articles, never as their text, and re-ingests on a change', async () => {
    // The product's own descriptor files, but this norm's replaced: only this norm changes.
    const descriptorsDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-descriptors-'))
    cpSync(defaultDescriptorsDir(), descriptorsDir, { recursive: true })
    const file = path.join(descriptorsDir, 'LEY-29733-2011.jsonl')
    writeFileSync(
      file,
      [
        JSON.stringify({ article: '14', phrases: ['me llaman del zapallar sin mi permiso'] }),
        'esto no es json',
        JSON.stringify({ article: '999', phrases: ['un artículo que no existe'] }),
      ].join('\n'),
    )
    const withDescriptors = await ingestCorpus(t.db, {
      corpusDir,
      selection: { kind: 'all' },
      descriptorsDir,
    })
    expect(withDescriptors.ingested).toBe(1)
    expect(withDescriptors.warnings.filter((w) => w.warning.startsWith('Descriptores'))).toEqual([
      { path: 'legalize-pe/pe/LEY-29733-2011.md', warning: 'Descriptores, línea 2: no es JSON' },
      {
        path: 'legalize-pe/pe/LEY-29733-2011.md',
        warning: 'Descriptores de artículos que la norma no tiene: 999',
      },
    ])
    const hits = await searchCorpus(t.db, { q: 'los del zapallar me llaman', limit: 3 })
    expect(hits[0]).toMatchObject({ identifier: 'LEY-29733-2011', number: '14' })
    expect(hits[0]!.content).not.toContain('zapallar')
    expect(hits[0]!.snippet).not.toContain('zapallar')

    const unchanged = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' }, descriptorsDir })
    expect(unchanged.ingested).toBe(0)
    rmSync(file)
    const removed = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' }, descriptorsDir })
    expect(removed.ingested).toBe(1)
    expect(await searchCorpus(t.db, { q: 'zapallar', limit: 3 })).toEqual([])
    rmSync(descriptorsDir, { recursive: true, force: true })
  }, 120_000)

  it('keeps per stem its passages with their exact field counts, the best few hundred of a common one', async () => {
    const list = async (lexeme: string) => {
      const [row] = await queryRows<{ postings: string }>(
        t.db,
        sql`select postings from corpus_champions where lexeme = ${lexeme}`,
      )
      return row!.postings.split(' ').map((e) => e.split(',').map((x, i) => (i === 2 ? x : Number(x))))
    }
    // What the tsvectors say: every passage that holds the stem, and how often in each field.
    const truth = async (lexeme: string) =>
      queryRows<{ entry: string }>(
        t.db,
        sql`select concat_ws(',', p.id, p.document_id, p.kind,
              coalesce(cardinality(array_positions(u.weights, 'A')), 0),
              coalesce(cardinality(array_positions(u.weights, 'B')), 0),
              coalesce(cardinality(array_positions(u.weights, 'C')), 0),
              coalesce(cardinality(array_positions(u.weights, 'D')), 0),
              octet_length(p.content)) as entry
            from corpus_passages p cross join lateral unnest(p.search) u
            where u.lexeme = ${lexeme} and p.duplicate_of is null`,
      )
    const rare = await list('president')
    expect(rare.map((e) => e.join(',')).sort()).toEqual((await truth('president')).map((r) => r.entry).sort())
    // Best first: the article about the President (the word in its heading) before those that only mention him.
    expect(rare[0]![3]).toBeGreaterThan(0)
    const [{ word } = { word: '' }] = await queryRows<{ word: string }>(
      t.db,
      sql`select word from corpus_terms order by ndoc desc, word limit 1`,
    )
    // Lists a hundred long, so that this corpus' most common word has more passages than its list keeps.
    const perStem = 100
    await buildChampions(t.db, perStem)
    onTestFinished(async () => {
      await ensureChampions(t.db)
    })
    const truthOfCommon = await truth(word)
    expect(truthOfCommon.length).toBeGreaterThan(perStem)
    const common = await list(word)
    expect(common).toHaveLength(perStem)
    // Each kept entry with its exact counts; the best first: one that holds the word in its heading.
    const entries = new Set(truthOfCommon.map((r) => r.entry))
    expect(common.every((e) => entries.has(e.join(',')))).toBe(true)
    expect(common[0]![3]).toBeGreaterThan(0)
  })

  /**
   * On PostgreSQL, a build started while another instance holds its lock waits for it (seen waiting in pg_locks) and
   * writes once it is released: deleting and inserting from two transactions at once would end in a duplicate key.
   */
  async function waitsForTheLock(scope: number, build: () => Promise<unknown>) {
    if (backend !== 'postgres') return
    let started: Promise<unknown> | undefined
    await t.db.transaction(async (tx) => {
      await lockForTransaction(tx, scope, 'build')
      started = build()
      await expect
        .poll(async () => {
          const [w] = await queryRows<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          )
          return w!.n
        })
        .toBeGreaterThan(0)
    })
    await started
  }

  it('rebuilds the champion lists from two instances at once, one after the other', async () => {
    // Two starts after an upgrade, each finding the lists built otherwise (on PostgreSQL, two connections).
    const count = () => queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from corpus_champions`)
    const [before] = await count()
    await waitsForTheLock(LOCK_SCOPES.champions, () => buildChampions(t.db))
    await Promise.all([buildChampions(t.db), buildChampions(t.db)])
    expect(await count()).toEqual([before])
  })

  it('reads the repeals from two instances at once, one after the other', async () => {
    const marks = () =>
      queryRows<{ identifier: string; status: string }>(
        t.db,
        sql`select identifier, status from corpus_documents where metadata ? 'repealedBy' order by identifier`,
      )
    const before = await marks()
    await waitsForTheLock(LOCK_SCOPES.repeals, () => buildRepeals(t.db))
    // The second finds the first's marks: nothing left to change.
    const changed = await Promise.all([buildRepeals(t.db), buildRepeals(t.db)])
    expect(changed).toEqual([0, 0])
    expect(await marks()).toEqual(before)
  })

  it('puts a direct article reference first', async () => {
    const hits = await searchCorpus(t.db, { q: 'artículo 24 de la constitución' })
    expect(hits[0]).toMatchObject({ identifier: 'CON-1993', number: '24', match: 'reference' })
    const abbreviated = await searchCorpus(t.db, { q: 'art. 112 constitucion' })
    expect(abbreviated[0]).toMatchObject({ identifier: 'CON-1993', number: '112' })
  })

  it('finds the accented article with an accent-less, misspelled query', async () => {
    const hits = await searchCorpus(t.db, { q: 'cuanto dura el mandato presidencial', limit: 5 })
    expect(hits.map((h) => `${h.identifier}#${h.number}`)).toContain('CON-1993#112')
    const noAccents = await searchCorpus(t.db, {
      q: 'proteccion de datos personales consentimiento del titular',
      limit: 5,
    })
    expect(noAccents.some((h) => h.identifier === 'LEY-29733-2011')).toBe(true)
    const typo = await searchCorpus(t.db, { q: 'mandato presidensial', limit: 5 })
    expect(typo.map((h) => `${h.identifier}#${h.number}`)).toContain('CON-1993#112')
  })

  it('raises the article that states the deadline a question asks for', async () => {
    const q = 'hasta cuando dura el mandato presidencial'
    const boosted = await searchCorpus(t.db, { q, limit: 10 })
    const factor = RANK.answerType
    RANK.answerType = 0
    const plain = await searchCorpus(t.db, { q, limit: 10 }).finally(() => {
      RANK.answerType = factor
    })
    const score = (hits: typeof plain) =>
      hits.find((h) => h.identifier === 'CON-1993' && h.number === '112')?.score
    // Art. 112 says 'cinco años': its score is raised by exactly the answer-type factor.
    expect(score(boosted)! / score(plain)!).toBeCloseTo(1 + factor, 5)
  })

  it('finds a ruling by its sumilla', async () => {
    const hits = await searchCorpus(t.db, {
      q: 'declaración del imputado medio de defensa tutela de derechos',
      type: 'sentencia',
      limit: 5,
    })
    expect(hits[0]?.kind).toBe('sentencia')
    expect(hits.some((h) => h.identifier.startsWith('APELACION-169-2025'))).toBe(true)
  })

  it('serves search to signed-in users only, validating the query', async () => {
    expect((await t.call('/api/search?q=mandato')).status).toBe(401)
    const bad = await t.call('/api/search?q=x&limit=500', { headers: { cookie } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      message: 'La búsqueda debe tener al menos 2 caracteres',
    })
    const badType = await t.call('/api/search?q=mandato&type=ley', { headers: { cookie } })
    expect((await badType.json()).message).toBe('El tipo debe ser norma o sentencia')
    const ok = await t.call('/api/search?q=mandato%20presidencial&type=norma&country=pe&limit=3', {
      headers: { cookie },
    })
    expect(ok.status).toBe(200)
    const body = await ok.json()
    expect(body.emptyIndex).toBe(false)
    expect(body.results).toHaveLength(3)
    expect(body.results[0]).toMatchObject({
      tipo_alias: 'Constitución',
      jerarquia_alias: 'Norma constitucional',
      file_name: 'CON-1993.pdf',
      url: '/api/originals/CON-1993.pdf',
    })
  })

  it('opens a norm’s original PDF at the page that holds the cited article', async () => {
    const [hit] = await searchCorpus(t.db, { q: 'artículo 112 de la constitución' })
    const res = await t.call('/api/originals/CON-1993.pdf', { headers: { cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400')
    const etag = res.headers.get('etag')!
    const pages = await pdfPageLines(new Uint8Array(await res.arrayBuffer()))
    const text = pages[hit!.pageNumber - 1]!.join(' ')
    expect(text).toContain('Artículo 112')
    expect(text).toContain('El mandato presidencial es de cinco años')

    expect(
      (await t.call('/api/originals/CON-1993.pdf', { headers: { cookie, 'if-none-match': etag } })).status,
    ).toBe(304)
    expect((await t.call('/api/originals/NO-EXISTE.pdf', { headers: { cookie } })).status).toBe(404)
    expect((await t.call('/api/originals/..%2Fsecret.pdf', { headers: { cookie } })).status).toBe(404)
    expect((await t.call('/api/originals/CON-1993.pdf')).status).toBe(401)
  })

  it('opens every ruling as a PDF: the real one when the corpus has it, else the court record’s sheet', async () => {
    const rulings = await t.db.select().from(corpusDocuments).where(eq(corpusDocuments.kind, 'sentencia'))
    expect(rulings.length).toBeGreaterThanOrEqual(200)
    expect(rulings.every((r) => r.pageCount >= 1)).toBe(true)
    const withPdf = rulings.filter((r) => r.fileName.endsWith('.pdf'))
    expect(withPdf).toHaveLength(5)
    const sheet = rulings.find(
      (r) => r.fileName === 'metadata.json' && (r.metadata as { summary?: string }).summary,
    )!
    const res = await t.call(`/api/originals/${sheet.identifier}.pdf`, { headers: { cookie } })
    expect(res.status).toBe(200)
    const [first] = await pdfPageLines(new Uint8Array(await res.arrayBuffer()))
    const text = first!.join(' ')
    expect(text).toContain('Sumilla')
    expect(text).toContain(sheet.title)
  })
})
