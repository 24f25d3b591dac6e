import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/query'
import { citedNumbers } from '../../research/citations'
import { trimmedNorm } from '../../research/extractive'
import { sourcesMessage } from '../../research/llm-answer'
import { MAX_REWRITING, withRewritingArticles } from '../../research/rewriting-articles'
import { askGeneral } from '../../test/ask-general'
import { indexMadeUpNorms, type MadeUpIndex, madeUpLaw } from '../../test/made-up-norms'
import { ensureDerivedIndexes } from '../ingest/ensure-derived'
import { loadPackManifest } from '../pack/manifest'
import { toSourceItem } from '../source-item'
import { amendingName, amendmentsIn, buildAmendments } from './amendments'
import { searchCorpus } from './search'

const KINDS = loadPackManifest().numberedNorms
const amended = (text: string) =>
  amendmentsIn(text, KINDS).map((a) =>
    'identifiers' in a.norm
      ? `${a.norm.identifiers.join('|')} ${a.article}`
      : `${a.norm.prefix} ${a.norm.number}${a.norm.year ? `-${a.norm.year}` : ''} ${a.article}`,
  )

describe('the articles a text rewrites', () => {
  it('reads the articles after the verb and the norm they are of, as laws were and are drafted', () => {
    expect(
      amended('Se modifica el artículo 10 de la Ley 99001, Ley de la salud, en los siguientes términos:'),
    ).toEqual(['LEY 99001 10'])
    expect(
      amended('Modifícanse los artículos 2, 3 y 7-A del Decreto Legislativo N° 99002, que regula.'),
    ).toEqual(['DLEG 99002 2', 'DLEG 99002 3', 'DLEG 99002 7-a'])
    expect(
      amended('Modifíquese el literal a) del artículo 38.8 de la Ley Nº 99012, el cual queda así:'),
    ).toEqual(['LEY 99012 38'])
    expect(
      amended('Sustitúyese el artículo 4 del Decreto de Urgencia 011-2019 por el texto siguiente:'),
    ).toEqual(['DU 11-2019 4'])
    // A part of an article rewrites the article; its numerals and letters are not articles.
    expect(
      amended('Se modifican los artículos 6 --literal e--, 15, literal b), y 21 de la Ley 99003:'),
    ).toEqual(['LEY 99003 6', 'LEY 99003 15', 'LEY 99003 21'])
    expect(
      amended(
        'Modifícase el artículo 1 bis y el artículo 2A de la Ley Nº 99004 y los artículos 10 y 11 de la Ley 99005:',
      ),
    ).toEqual(['LEY 99004 1-bis', 'LEY 99004 2-a', 'LEY 99005 10', 'LEY 99005 11'])
  })

  it('reads a code by its name', () => {
    expect(
      amended('Modifícase el literal a) del artículo 189 del Código Penal, en los términos siguientes:'),
    ).toEqual(['DLEG-PENAL-1991 189'])
  })

  it('gives no article to a norm it is not of', () => {
    // The first article is the amending law's own.
    expect(amended('Modifícase el artículo 5 de la presente ley y el artículo 3 de la Ley 99006:')).toEqual([
      'LEY 99006 3',
    ])
    // A regulation's article is the regulation's, whose approving norm is not a numbered kind here.
    expect(
      amended(
        'Modifícase el artículo 20 del Reglamento de la Ley 99007, aprobado por Decreto Supremo 005-2012-TR:',
      ),
    ).toEqual([])
    // A consolidated text's, the norm that approved it.
    expect(
      amended(
        'Modifícase el artículo 3 del Texto Único Ordenado de la Ley 99008, aprobado por el Decreto de Urgencia 002-2020:',
      ),
    ).toEqual(['DU 2-2020 3'])
    // What the quoted new text says amends nothing; adding an article rewrites none.
    expect(
      amended(
        'Se modifica el artículo 2 de la Ley 99009: “Artículo 2.- Se modifica el artículo 9 de la Ley 99010.”',
      ),
    ).toEqual(['LEY 99009 2'])
    expect(amended('Incorpórase el artículo 10-A a la Ley 99011, con el texto siguiente:')).toEqual([])
    // A norm numbered again each year is named with its year, or not at all.
    expect(amended('Modifícase el artículo 4 del Decreto de Urgencia 019.')).toEqual([])
  })

  it('names the amending norm by its kind and number, else by its title', () => {
    expect(amendingName({ identifier: 'LEY-99020-GESTANTES-2030', title: 'Atención a gestantes' })).toBe(
      'Ley 99020',
    )
    expect(amendingName({ identifier: 'DU-026-2020', title: 'x' })).toBe('Decreto de Urgencia 026-2020')
    expect(amendingName({ identifier: 'DU-034-98-1998', title: 'x' })).toBe('Decreto de Urgencia 034-1998')
    expect(amendingName({ identifier: 'DLEG-1229-2015', title: 'x' })).toBe('Decreto Legislativo 1229')
    expect(amendingName({ identifier: 'DLEG-PENAL-1991', title: 'Código Penal' })).toBe('Código Penal')
  })
})

// A made-up law, and a later one that rewrites its article 2 (the folder keeps the older text), article 3 (the
// older law's notes already say so), article 4 (whose notes date a newer rewrite, whose text the folder holds) and
// article 5 (adding to its text). A law between them rewrote article 2 first.
const OLD = 'LEY-90401-2001'
const NEW = 'LEY-90402-2020'
const BETWEEN = 'LEY-90403-2010'
const FILES = {
  [`${OLD}.md`]: madeUpLaw({
    identifier: OLD,
    title: 'Ley de los viveros forestales',
    published: '2001-03-04',
    text: [
      '### Artículo 1.- Objeto',
      'La presente ley regula los viveros forestales y su registro.',
      '',
      '### Artículo 2.- Licencia de vivero',
      'La licencia de vivero forestal dura cinco años renovables ante la municipalidad provincial.',
      '',
      '### Artículo 3.- Inspección',
      'La autoridad forestal inspecciona cada vivero una vez al año.',
      '',
      '(*) Artículo modificado por el Artículo 2 de la Ley N° 90402, publicada el 5 de mayo de 2020.',
      '',
      '### Artículo 4.- Tasas',
      'Los viveros no pagan tasa alguna por su registro.',
      '',
      '(*) Artículo modificado por la Ley N° 90499, publicada el 3 de enero de 2024.',
      '',
      '### Artículo 5.- Renovación',
      'El registro de viveros forestales se renueva anualmente.',
      '',
    ].join('\n'),
  }),
  [`${BETWEEN}.md`]: madeUpLaw({
    identifier: BETWEEN,
    title: 'Ley que precisa la licencia de vivero',
    published: '2010-07-08',
    text: [
      '### Artículo único.- Modificación del artículo 2 de la Ley 90401',
      'Se modifica el artículo 2 de la Ley 90401, en los siguientes términos:',
      '',
      '“Artículo 2.- Licencia de vivero',
      'El permiso sanitario de plantación se tramita ante la autoridad regional.”',
      '',
    ].join('\n'),
  }),
  [`${NEW}.md`]: madeUpLaw({
    identifier: NEW,
    title: 'Ley que modifica la Ley 90401',
    published: '2020-05-05',
    text: [
      '### Artículo 1.- Modificación del artículo 2 de la Ley 90401',
      'Se modifica el artículo 2 de la Ley 90401, Ley de los viveros forestales, en los siguientes términos:',
      '',
      '“Artículo 2.- Licencia de vivero',
      'La licencia de vivero la otorga el servicio nacional forestal por diez años, sin costo alguno.”',
      '',
      '### Artículo 2.- Modificación del artículo 3 de la Ley 90401',
      'Se modifica el artículo 3 de la Ley 90401, en los siguientes términos:',
      '',
      '“Artículo 3.- Inspección',
      'La autoridad forestal inspecciona cada vivero dos veces al año.”',
      '',
      '### Artículo 3.- Modificación del artículo 4 de la Ley 90401',
      'Se modifica el artículo 4 de la Ley 90401, en los siguientes términos:',
      '',
      '“Artículo 4.- Tasas',
      'Cada vivero abona una tasa anual equivalente al uno por ciento de la unidad impositiva tributaria.”',
      '',
      '### Artículo 4.- Modificación del artículo 5 de la Ley 90401',
      'Se modifica el artículo 5 de la Ley 90401, en los siguientes términos:',
      '',
      '“Artículo 5.- Renovación',
      'El registro de viveros forestales se renueva anualmente; el vivero que no lo renueve pierde su licencia, sus plantones quedan decomisados y la municipalidad clausura el local.”',
      '',
    ].join('\n'),
  }),
}

describe('the articles of the folder a later norm rewrites', () => {
  let index: MadeUpIndex
  beforeAll(async () => {
    index = await indexMadeUpNorms(FILES)
  }, 120_000)
  afterAll(() => index?.close())

  const marks = async () =>
    (
      await queryRows<{ marks: unknown }>(
        index.database.db,
        sql`select metadata->'amendedArticles' as marks from corpus_documents where identifier = ${OLD}`,
      )
    )[0]?.marks ?? null

  const article2 = async () => {
    const hits = await searchCorpus(index.database.db, { q: 'artículo 2 de la ley 90401' })
    return hits.find((h) => h.identifier === OLD && h.label === 'Artículo 2')!
  }

  it('marks the rewritten article at ingestion; the drawer and the answer say which norm rewrote it', async () => {
    // Article 3's notes already name the amending law: no second note. Only the latest rewrite of article 2 can hold
    // its text in force; article 4's notes date a rewrite later than the one read here.
    expect(await marks()).toEqual({
      '2': [
        { by: NEW, article: 'Artículo 1', differs: true },
        { by: BETWEEN, article: 'Artículo único', differs: false },
      ],
      '4': [{ by: NEW, article: 'Artículo 3', differs: false }],
      // A rewrite that adds to the old text holds all the old words; the folder's still lacks the new ones.
      '5': [{ by: NEW, article: 'Artículo 4', differs: true }],
    })
    const hit = await article2()
    expect(toSourceItem(hit).notes).toEqual([
      'Artículo modificado por: Ley 90403, Artículo único; Ley 90402, Artículo 1',
    ])
    expect(trimmedNorm(hit, 1)).toContain(
      '_Ojo: este artículo fue modificado por el artículo 1 de la Ley 90402; el texto citado puede no ser el vigente._',
    )
    // A model reads it too, with the law it may then name.
    expect(sourcesMessage('licencia de vivero forestal', [hit], [])).toContain(
      'Ojo: este artículo fue modificado por el artículo 1 de la Ley 90402',
    )
    // Article 4 says who rewrote it, with no warning: its notes date a later rewrite, whose text the folder holds.
    const fees = (await searchCorpus(index.database.db, { q: 'artículo 4 de la ley 90401' })).find(
      (h) => h.identifier === OLD && h.label === 'Artículo 4',
    )!
    expect(toSourceItem(fees).notes[0]).toBe('Artículo modificado por: Ley 90402, Artículo 3')
    expect(trimmedNorm(fees, 1)).not.toContain('Ojo')
    // Its other articles and the amending laws' say nothing of it.
    const others = await searchCorpus(index.database.db, { q: 'viveros forestales inspección' })
    for (const h of others.filter(
      (h) => h.identifier !== OLD || !['Artículo 2', 'Artículo 4', 'Artículo 5'].includes(h.label),
    ))
      expect(toSourceItem(h).notes.join(' ')).not.toContain('Artículo modificado por: ')
  })

  it('does not warn in the answer when the folder already holds the new text', async () => {
    const hit = await article2()
    const same = { ...hit, amendedBy: hit.amendedBy.map((a) => ({ ...a, differs: false })) }
    expect(toSourceItem(same).notes).toEqual([
      'Artículo modificado por: Ley 90403, Artículo único; Ley 90402, Artículo 1',
    ])
    expect(trimmedNorm(same, 1)).not.toContain('Ojo')
  })

  it('puts the article that rewrote one after it, in scope, once, scored alike', async () => {
    const db = index.database.db
    const hit = await article2()
    const [first, added, ...rest] = await withRewritingArticles(db, [hit], {})
    expect(first).toBe(hit)
    expect(`${added?.identifier} ${added?.label} ${added?.score}`).toBe(`${NEW} Artículo 1 ${hit.score}`)
    expect(rest).toEqual([])
    // Already among the answer's norms: not repeated.
    expect((await withRewritingArticles(db, [hit, added!], {})).length).toBe(2)
    // Out of the agent's scope: only the warning names it.
    expect(await withRewritingArticles(db, [hit], { documents: [OLD] })).toEqual([hit])
    // An article whose text the folder already holds as rewritten needs nothing more.
    const same = { ...hit, amendedBy: hit.amendedBy.map((a) => ({ ...a, differs: false })) }
    expect(await withRewritingArticles(db, [same], {})).toEqual([same])
    // Never more than MAX_REWRITING in one answer.
    const many = [hit, { ...hit, passageId: -1 }, { ...hit, passageId: -2 }]
    expect((await withRewritingArticles(db, many, {})).length).toBe(many.length + 1)
    expect(MAX_REWRITING).toBeGreaterThanOrEqual(1)
  })

  it('answers with the older text, its warning and the text that rewrote it, each cited', async () => {
    const answer = await askGeneral(index.database.db, 'licencia de vivero de la ley 90401')
    const sources = answer.contextLeyes.map((s) => `${s.identifier} ${s.label}`)
    expect(sources.indexOf(`${NEW} Artículo 1`)).toBe(sources.indexOf(`${OLD} Artículo 2`) + 1)
    expect(answer.answer).toContain('_Ojo: este artículo fue modificado por el artículo 1 de la Ley 90402')
    expect(answer.answer).toContain('diez años')
    // Every source is cited, in the order returned.
    expect([...new Set(citedNumbers(answer.answer))].sort()).toEqual(answer.contextLeyes.map((_, i) => i + 1))
  })

  it('is read at the start of a database indexed before amendments were read', async () => {
    const db = index.database.db
    await db.execute(sql`update corpus_documents set metadata = metadata - 'amendedArticles'`)
    await db.execute(sql`delete from corpus_files where path = ':amendments'`)
    expect(await ensureDerivedIndexes(db, index.corpusDir)).toEqual([
      { index: 'Artículos modificados', why: 'cambió cómo se leen (1 norma)' },
    ])
    expect(await marks()).not.toBeNull()
    expect(await ensureDerivedIndexes(db, index.corpusDir)).toEqual([])
  })

  it('undoes the mark when the amending norm leaves the folder, and marks nothing twice', async () => {
    const db = index.database.db
    expect(await buildAmendments(db)).toBe(0)
    await db.execute(sql`delete from corpus_documents where identifier in (${NEW}, ${BETWEEN})`)
    expect(await buildAmendments(db)).toBe(1)
    expect(await marks()).toBeNull()
    expect((await article2()).amendedBy).toEqual([])
  })
})
