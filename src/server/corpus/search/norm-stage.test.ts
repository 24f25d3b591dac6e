import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import { queryRows } from '../../db/query'
import { SHARED_NORMS } from '../../test/fixture-corpus'
import { indexMadeUpNorms, type MadeUpIndex } from '../../test/made-up-norms'
import { missing, sharedCorpus } from '../../test/requirements'
import { packDir } from '../pack/pack-dir'
import { askingUnits } from './answer-type'
import { ensureChampions } from './champions'
import { queryConcepts } from './concepts'
import { findDocumentMention } from './document-aliases'
import { chooseNorms } from './norm-stage'
import { buildNormTerms, ensureNormTerms, NORM_FIELDS, normWeight, readNormTerms } from './norm-terms'
import { fold } from './normalize'
import { ensurePassageMarks } from './passage-marks'
import { analyzeQuery } from './query'
import { rankQuery } from './rank'
import { searchCorpus } from './search'
import { stemWords, vocabulary } from './vocabulary'

/** A code that mentions everything, and small laws each about one thing. */
const FILES = ['DS-003-97-TR-1997.md', 'LEY-27735-2002.md', 'DLEG-713-1991.md', 'LEY-31572-2022.md']

describe('norm weight', () => {
  it('says more of a small norm than of a large one, and most of a title', () => {
    const c = { heading: 1, path: 0, opening: 0 }
    expect(normWeight(false, c, 0.1)).toBeGreaterThan(normWeight(false, c, 10))
    expect(normWeight(true, c, 1)).toBeGreaterThan(normWeight(false, c, 1))
    expect(normWeight(false, { heading: 0, path: 0, opening: 0 }, 1)).toBe(0)
  })

  it('counts the articles people describe with the stem, the more the more, once the field weighs', () => {
    const none = { heading: 0, path: 0, opening: 0 }
    const before = NORM_FIELDS.people
    NORM_FIELDS.people = 2
    try {
      const one = normWeight(false, { ...none, people: 1 }, 1)
      expect(one).toBeGreaterThan(0)
      expect(normWeight(false, { ...none, people: 8 }, 1)).toBeGreaterThan(one)
    } finally {
      NORM_FIELDS.people = before
    }
  })
})

describe('a norm named by its title', () => {
  const titles = [{ phrase: 'ley del teletrabajo', identifiers: ['LEY-31572-2022'] }]
  it('is found as whole words, the longest name first', () => {
    expect(
      findDocumentMention(fold('¿Qué dice la Ley del Teletrabajo sobre la desconexión?'), titles),
    ).toMatchObject({
      identifiers: ['LEY-31572-2022'],
      phrase: 'ley del teletrabajo',
    })
    expect(findDocumentMention(fold('la ley del teletrabajador'), titles)).toBeNull()
    // The pack's longer name beats a shorter title inside it.
    expect(
      findDocumentMention(fold('codigo procesal civil'), [{ phrase: 'codigo civil', identifiers: ['X'] }])
        ?.identifiers,
    ).toEqual(['DLEG-768-1993'])
  })

  it('yields to a number written apart from the name, not to one the name holds', () => {
    expect(
      findDocumentMention(fold('el articulo 2 de la ley 31572, la ley del teletrabajo'), titles)?.identifiers,
    ).toEqual(['LEY-31572-*'])
    // The pack reads 'decreto legislativo 728' as the TUO people mean, not the decree's own file.
    expect(findDocumentMention(fold('despido segun el decreto legislativo 728'))?.identifiers).toEqual([
      'DS-003-97-TR-1997',
    ])
  })
})

/**
 * Invented: a law whose first article rewrites another norm's, whose second rules on its own, and whose third adds an
 * article to another norm as laws are drafted today ('Se incorpora…', not 'Incorpórase…').
 */
const AMENDING_LAW = 'LEY-99901-2030'
const AMENDING_TEXT = `---
title: Ley que modifica el descanso vacacional
identifier: ${AMENDING_LAW}
rank: ley
publication_date: '2030-01-02'
last_updated: '2030-01-02'
status: in_force
---

Artículo 1.- Modificación del artículo 10 del Decreto Legislativo 713
Modifícase el artículo 10 del Decreto Legislativo 713, en los términos siguientes: "Artículo 10.- El trabajador tiene derecho a treinta días calendario de descanso vacacional."

Artículo 2.- Vigencia
La presente ley rige desde el día siguiente de su publicación.

Artículo 3.- Incorporación del artículo 5-A al Decreto Legislativo 713
Se incorpora el artículo 5-A al Decreto Legislativo 713, en los términos siguientes: "Artículo 5-A.- El feriado que coincide con el día de descanso semanal no se compensa."
`

describe.skipIf(missing(sharedCorpus()))('the norm-level stage', () => {
  let index: MadeUpIndex
  let database: Database
  beforeAll(async () => {
    index = await indexMadeUpNorms({
      ...Object.fromEntries(FILES.map((f) => [f, readFileSync(path.join(SHARED_NORMS, f), 'utf8')])),
      [`${AMENDING_LAW}.md`]: AMENDING_TEXT,
    })
    database = index.database
  }, 180_000)
  afterAll(() => index?.close())

  async function choose(q: string, leaveOutAsking = false) {
    const vocab = await vocabulary(database.db)
    const query = analyzeQuery(q, vocab.titles)
    const concepts = await queryConcepts(database.db, query.units, vocab)
    const asking = leaveOutAsking ? askingUnits(query.folded, query.units) : new Set<number>()
    const choice = await chooseNorms(database.db, rankQuery(concepts, query.units.length), vocab, {}, asking)
    return choice.best.map((id) => vocab.documents.get(id)?.identifier)
  }

  it('chooses the law a question is about over a code that mentions it', async () => {
    expect((await choose('cuándo me tienen que pagar la gratificación de diciembre'))[0]).toBe(
      'LEY-27735-2002',
    )
    expect((await choose('cuántos días de descanso vacacional me corresponden'))[0]).toBe('DLEG-713-1991')
  })

  it('chooses on the subject, not on the words that ask for a term or an age', async () => {
    // 'plazo' alone is in every one of these norms; asked for, it says what the article states, not which norm.
    expect((await choose('qué plazo')).length).toBeGreaterThan(0)
    expect(await choose('qué plazo', true)).toEqual([])
    expect((await choose('qué plazo tengo para cobrar la gratificación', true))[0]).toBe('LEY-27735-2002')
  })

  it('knows the articles that amend another norm, from their opening words', async () => {
    const vocab = await vocabulary(database.db)
    const rows = await queryRows<{ id: number; number: string; identifier: string }>(
      database.db,
      sql`select p.id, p.number, d.identifier from corpus_passages p join corpus_documents d on d.id = p.document_id
          where p.kind = 'articulo' and p.duplicate_of is null`,
    )
    const amending = rows.filter((r) => vocab.amending.has(r.id)).map((r) => `${r.identifier} ${r.number}`)
    // The gratification law's article 9 repeals the law before it: it answers no question about gratifications.
    expect(amending.sort()).toEqual(['LEY-27735-2002 9', `${AMENDING_LAW} 1`, `${AMENDING_LAW} 3`])
  })

  it("marks the sections' opening articles, and marks again once when a release marks otherwise", async () => {
    const vocab = await vocabulary(database.db)
    const [first, second, third] = await queryRows<{ id: number }>(
      database.db,
      sql`select p.id from corpus_passages p join corpus_documents d on d.id = p.document_id
          where d.identifier = ${AMENDING_LAW} and p.kind = 'articulo' order by p.ordinal`,
    )
    expect([first, second, third].map((a) => a && vocab.openings.get(a.id))).toEqual([1, 2, undefined])
    expect(await ensurePassageMarks(database.db)).toBe(false)
    const marks = () =>
      queryRows<{ id: number; opening: number | null; amending: boolean }>(
        database.db,
        sql`select passage_id as id, opening, amending from corpus_passage_marks order by passage_id`,
      )
    const before = await marks()
    await database.db.execute(
      sql`update corpus_files set content_hash = 'older' where path = ':passage-marks'`,
    )
    await database.db.execute(sql`delete from corpus_passage_marks`)
    expect(await ensurePassageMarks(database.db)).toBe(true)
    expect(await marks()).toEqual(before)
    expect(await ensurePassageMarks(database.db)).toBe(false)
  })

  it('rebuilds the champion lists once when they were built otherwise (an older release)', async () => {
    expect(await ensureChampions(database.db)).toBe(false)
    const lists = () =>
      queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from corpus_champions`)
    const [before] = await lists()
    await database.db.execute(sql`update corpus_files set content_hash = 'older' where path = ':champions'`)
    await database.db.execute(sql`delete from corpus_champions`)
    expect(await ensureChampions(database.db)).toBe(true)
    expect(await lists()).toEqual([before])
    expect(await ensureChampions(database.db)).toBe(false)
  })

  it('reads a word missing its silent h as that word', async () => {
    const vocab = await vocabulary(database.db)
    const query = analyzeQuery('cuantas oras de descanso tengo', vocab.titles)
    const keys = (await queryConcepts(database.db, query.units, vocab)).map((c) => c.key)
    const [hours] = (await stemWords(database.db, ['horas'])).values()
    expect(vocab.df.has(hours!)).toBe(true)
    expect(keys).toContain(hours)
  })

  it('is rebuilt when the pack it was built from changes, and only then', async () => {
    expect(await ensureNormTerms(database.db)).toBe(false)
    const pack = mkdtempSync(path.join(os.tmpdir(), 'lexia-pack-'))
    cpSync(packDir(), pack, { recursive: true })
    const file = path.join(pack, 'norm-descriptors', 'LEY-27735-2002.json')
    const descriptor = JSON.parse(readFileSync(file, 'utf8'))
    descriptor.concerns.push('aguinaldo zanahorio')
    writeFileSync(file, JSON.stringify(descriptor))
    process.env.KNOWLEDGE_PACK_DIR = pack
    try {
      expect(await ensureNormTerms(database.db)).toBe(true)
      expect(await ensureNormTerms(database.db)).toBe(false)
      const [stem] = (await stemWords(database.db, ['zanahorio'])).values()
      const lists = await readNormTerms(database.db, [stem!])
      const vocab = await vocabulary(database.db)
      const holders = (lists.get(stem!)?.docs ?? []).map((id) => vocab.documents.get(id)?.identifier)
      expect(holders).toEqual(['LEY-27735-2002'])
    } finally {
      delete process.env.KNOWLEDGE_PACK_DIR
      rmSync(pack, { recursive: true, force: true })
    }
    expect(await ensureNormTerms(database.db)).toBe(true)
  })

  it('holds the words people use for a law’s articles (its descriptors), not only the law’s own', async () => {
    // Stems of the Ley de gratificaciones' article descriptors that its articles' text, headings and structure lack.
    const rows = await queryRows<{ lexeme: string }>(
      database.db,
      sql`with p as (select p.search from corpus_passages p join corpus_documents d on d.id = p.document_id
                     where d.identifier = 'LEY-27735-2002')
          select u.lexeme from p, unnest(ts_filter(p.search, '{d}')) u
          except select u.lexeme from p, unnest(ts_filter(p.search, '{a,b,c}')) u`,
    )
    const stems = rows.map((r) => r.lexeme).filter((l) => l.length >= 3 && !/[0-9]/.test(l))
    expect(stems.length).toBeGreaterThan(0)
    const vocab = await vocabulary(database.db)
    const id = [...vocab.documents].find(([, d]) => d.identifier === 'LEY-27735-2002')![0]
    const weights = async () => {
      const lists = await readNormTerms(database.db, stems)
      return stems.map((s) => {
        const list = lists.get(s)
        const at = list?.docs.indexOf(id) ?? -1
        return at >= 0 ? list!.weights[at]! : 0
      })
    }
    const without = await weights()
    const before = NORM_FIELDS.people
    NORM_FIELDS.people = 2
    try {
      await buildNormTerms(database.db)
      const counted = await weights()
      expect(counted.filter((w, i) => w > without[i]!).length).toBeGreaterThan(stems.length / 2)
    } finally {
      NORM_FIELDS.people = before
      await buildNormTerms(database.db)
    }
  })

  it('is rebuilt when a field’s weight changes', async () => {
    expect(await ensureNormTerms(database.db)).toBe(false)
    const before = NORM_FIELDS.people
    NORM_FIELDS.people = before + 1
    try {
      expect(await ensureNormTerms(database.db)).toBe(true)
    } finally {
      NORM_FIELDS.people = before
    }
    expect(await ensureNormTerms(database.db)).toBe(true)
  })

  it('answers other requests while it reads the passages, and builds the same index', async () => {
    const index = () =>
      queryRows<{ lexeme: string; postings: string }>(
        database.db,
        sql`select lexeme, postings from corpus_norm_terms order by lexeme`,
      )
    const before = await index()
    // On PGlite a transaction holds every other request: a build that read the passages inside its transaction made
    // a search of the first start's pass wait for all of it (12 s on the whole folder).
    let built = false
    const build = buildNormTerms(database.db).then(() => {
      built = true
    })
    await new Promise((resolve) => setImmediate(resolve))
    await queryRows(database.db, sql`select count(*) from corpus_documents`)
    expect(built).toBe(false)
    await build
    expect(await index()).toEqual(before)
  })

  it('ranks the chosen law’s articles first, and a title named in the question leads to its norm', async () => {
    const hits = await searchCorpus(database.db, {
      q: 'cuándo me tienen que pagar la gratificación de diciembre',
    })
    expect(hits[0]?.identifier).toBe('LEY-27735-2002')
    const named = await searchCorpus(database.db, {
      q: 'ley del teletrabajo quien paga la luz y el internet',
    })
    expect(named[0]?.identifier).toBe('LEY-31572-2022')
  })

  it('shows a norm named and nothing more asked by its first articles, within the agent’s documents', async () => {
    for (const q of ['ley 27735', 'Ley N° 27735', 'la ley del teletrabajo']) {
      const hits = await searchCorpus(database.db, { q })
      expect(hits.length, q).toBeGreaterThan(0)
      expect(new Set(hits.map((h) => h.match)), q).toEqual(new Set(['reference']))
    }
    const named = await searchCorpus(database.db, { q: 'ley 27735' })
    expect(named.map((h) => [h.identifier, h.label])).toEqual([
      ['LEY-27735-2002', 'Artículo 1'],
      ['LEY-27735-2002', 'Artículo 2'],
      ['LEY-27735-2002', 'Artículo 3'],
    ])
    expect(await searchCorpus(database.db, { q: 'ley 27735', documents: ['DLEG-713-1991'] })).toEqual([])
  })

  it('keeps to an agent’s documents, even when the question names a norm outside them', async () => {
    const hits = await searchCorpus(database.db, {
      q: 'ley del teletrabajo cuántos días de vacaciones me dan',
      documents: ['DLEG-713-1991'],
    })
    expect(hits.length).toBeGreaterThan(0)
    expect(new Set(hits.map((h) => h.identifier))).toEqual(new Set(['DLEG-713-1991']))
  })
})
