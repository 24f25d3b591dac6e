import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDocuments, corpusPassages } from '../../db/schema'
import { fixtureCorpusCopy, fixtureNorms } from '../../test/fixture-corpus'
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness'
import { missing } from '../../test/requirements'
import { searchCorpus } from '../search/search'
import { ingestCorpus } from './ingest'

/**
 * Ingestion's whole cycle on the committed fixture corpus, so it runs on any machine (the real corpus's own figures
 * stay in ingest.test.ts): every kind of file in, nothing redone when nothing changed, a changed norm replaced, a
 * vanished one removed, bad files reported by path and reason.
 */
describe.skipIf(missing(fixtureNorms())).each(BACKENDS)('ingesting the fixture corpus on %s', (backend) => {
  let t: TestApp
  let corpusDir: string
  beforeAll(async () => {
    t = await createTestApp(backend)
    corpusDir = await fixtureCorpusCopy()
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    rmSync(corpusDir, { recursive: true, force: true })
  })

  it('reads the norms, the ruling records and the ruling PDF', async () => {
    const first = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' } })
    expect(first.failed).toEqual([])
    // Three norms and the rulings folder (its records and PDFs are one unit).
    expect(first.ingested).toBe(4)
    const [con] = await t.db.select().from(corpusDocuments).where(eq(corpusDocuments.identifier, 'CON-1993'))
    expect(con).toMatchObject({ kind: 'norma', tipoAlias: 'Constitución' })
    const rulings = await t.db.select().from(corpusDocuments).where(eq(corpusDocuments.kind, 'sentencia'))
    expect(rulings.map((r) => r.identifier).sort()).toEqual([
      'APELACION-901-2026',
      'APELACION-903-2026',
      'CASACION-902-2026',
    ])
    const pdf = rulings.find((r) => r.identifier === 'APELACION-903-2026')!
    expect(pdf.fileName.endsWith('.pdf')).toBe(true)

    const reference = await searchCorpus(t.db, { q: 'art. 112 constitucion' })
    expect(reference[0]).toMatchObject({ identifier: 'CON-1993', number: '112' })
    const typo = await searchCorpus(t.db, { q: 'mandato presidensial', limit: 5 })
    expect(typo.map((h) => `${h.identifier}#${h.number}`)).toContain('CON-1993#112')
    const ruling = await searchCorpus(t.db, { q: 'prisión preventiva peligro de fuga', type: 'sentencia' })
    expect(ruling.map((h) => h.identifier)).toContain('APELACION-903-2026')
  }, 120_000)

  it('skips what did not change, replaces what did, removes what vanished, reports bad files', async () => {
    const again = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' } })
    expect(again).toMatchObject({ ingested: 0, skipped: 4, removed: 0, failed: [] })

    const norms = path.join(corpusDir, 'legalize-pe', 'pe')
    const law = path.join(norms, 'LEY-29733-2011.md')
    writeFileSync(
      law,
      readFileSync(law, 'utf8').replace(
        'en ella se reconocen.',
        'en ella se reconocen. Texto añadido por la prueba de reingesta.',
      ),
    )
    rmSync(path.join(norms, 'DLEG-PENAL-1991.md'))
    writeFileSync(path.join(norms, 'VACIO.md'), '')
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
      'legalize-pe/pe/VACIO.md',
      'pj-jurisprudencia/pdf/Casacion-000001-2020__roto.pdf',
    ])
    expect(third.failed.find((f) => f.path.endsWith('LATIN1.md'))?.reason).toBe(
      'El archivo no está codificado en UTF-8',
    )
    const [law29733] = await t.db
      .select()
      .from(corpusDocuments)
      .where(eq(corpusDocuments.identifier, 'LEY-29733-2011'))
    const [first1] = await t.db
      .select()
      .from(corpusPassages)
      .where(and(eq(corpusPassages.documentId, law29733!.id), eq(corpusPassages.number, '1')))
    expect(first1?.content).toContain('Texto añadido por la prueba de reingesta')
    expect(
      await t.db.select().from(corpusDocuments).where(eq(corpusDocuments.identifier, 'DLEG-PENAL-1991')),
    ).toEqual([])
  }, 120_000)
})
