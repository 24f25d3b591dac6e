import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/query'
import { indexMadeUpNorms, type MadeUpIndex, madeUpLaw } from '../../test/made-up-norms'
import type { CitedName } from '../parse/cited-names'
import { type NormNaming, namesFromCitations } from './names-from-citations'
import { searchCorpus } from './search'

const cites = (cited: string, name: string): CitedName => ({ cited, name })
const norm = (id: number, identifier: string, known: string[], list: CitedName[] = []): NormNaming => ({
  id,
  identifier,
  known,
  cites: list,
})
const anyWords = () => true
const INDECOPI = 'ley de organizacion y funciones del indecopi'

describe('namesFromCitations', () => {
  it('names a norm by what two other norms call it, every file of it, when its title does not hold the name', () => {
    const names = namesFromCitations(
      [
        norm(1, 'DL-25868-1992', ['decreto ley n 25868']),
        norm(2, 'DL-ORGANICA-25868-1992', ['decreto ley n 25868']),
        norm(3, 'LEY-30000-2013', [], [cites('DL-25868', INDECOPI)]),
        norm(4, 'DLEG-1033-2008', [], [cites('DL-25868', INDECOPI)]),
      ],
      anyWords,
    )
    expect(names).toEqual(
      new Map([
        [1, [INDECOPI]],
        [2, [INDECOPI]],
      ]),
    )
  })

  it('needs two citing norms: one norm’s wording, or two files of one norm, is not a name', () => {
    const oneNorm = [
      norm(1, 'DL-25868-1992', []),
      norm(3, 'LEY-30000-2013', [], [cites('DL-25868', INDECOPI)]),
      norm(4, 'LEY-ORGANICA-30000-2013', [], [cites('DL-25868', INDECOPI)]),
      // The cited norm's own text naming itself does not count either.
      norm(5, 'DL-25868-ACTUALIZADA-1992', [], [cites('DL-25868', INDECOPI)]),
    ]
    expect(namesFromCitations(oneNorm, anyWords)).toEqual(new Map())
  })

  it('leaves a name another norm is known by, or one given to two cited norms', () => {
    const tuo = 'ley de productividad y competitividad laboral'
    const held = [
      norm(1, 'DLEG-728-1991', ['ley de fomento del empleo']),
      norm(2, 'DS-003-1997-TR', [`texto unico ordenado del decreto legislativo n 728, ${tuo}`, tuo]),
      norm(3, 'LEY-30000-2013', [], [cites('DLEG-728', tuo)]),
      norm(4, 'LEY-30001-2013', [], [cites('DLEG-728', tuo)]),
    ]
    expect(namesFromCitations(held, anyWords)).toEqual(new Map())
    const shared = 'ley que regula el regimen de los trabajadores'
    const twice = [
      norm(1, 'LEY-27000-2000', []),
      norm(2, 'LEY-28000-2001', []),
      norm(3, 'LEY-30000-2013', [], [cites('LEY-27000', shared), cites('LEY-28000', shared)]),
      norm(4, 'LEY-30001-2013', [], [cites('LEY-27000', shared), cites('LEY-28000', shared)]),
    ]
    expect(namesFromCitations(twice, anyWords)).toEqual(new Map())
  })

  it('adds nothing the norm already holds, nor a name with words its own text does not use (OCR)', () => {
    const title = 'ley organica de municipalidades'
    const ocr = 'ley orgunica de municipalidades'
    const norms = [
      norm(1, 'LEY-27972-2003', [title]),
      norm(3, 'LEY-30000-2013', [], [cites('LEY-27972', title), cites('LEY-27972', ocr)]),
      norm(4, 'LEY-30001-2013', [], [cites('LEY-27972', title), cites('LEY-27972', ocr)]),
    ]
    const ownWords = (id: number, name: string) => id === 1 && !name.includes('orgunica')
    expect(namesFromCitations(norms, ownWords)).toEqual(new Map())
  })

  it('ignores citations of norms the folder does not hold', () => {
    const norms = [
      norm(3, 'LEY-30000-2013', [], [cites('LEY-99999', 'ley de algo que no esta')]),
      norm(4, 'LEY-30001-2013', [], [cites('LEY-99999', 'ley de algo que no esta')]),
    ]
    expect(namesFromCitations(norms, anyWords)).toEqual(new Map())
  })
})

/** Invented: a law titled by its number alone, which two others cite by the name people know it by. */
const NAMED = 'ley de tenencia responsable de canes'
const law = (identifier: string, title: string, text: string) => ({
  [`${identifier}.md`]: madeUpLaw({ identifier, title, text }),
})
const citing = (identifier: string, subject: string) =>
  law(
    identifier,
    `Ley que ${subject}`,
    `Artículo 1.- Objeto\nLa presente ley ${subject}, conforme a la Ley N° 99950, Ley de Tenencia Responsable de Canes, y su reglamento.`,
  )

describe('a norm named by the norms that cite it, once the folder is indexed', () => {
  let index: MadeUpIndex
  beforeAll(async () => {
    index = await indexMadeUpNorms({
      ...law(
        'LEY-99950-2030',
        'Ley N.° 99950',
        'Artículo 1.- Objeto\nLos propietarios de canes ejercen su tenencia de forma responsable ante la municipalidad.\n\n' +
          'Artículo 2.- Registro\nEl propietario inscribe al can en el registro municipal dentro de los treinta días.',
      ),
      ...citing('LEY-99951-2030', 'crea el programa municipal de vacunación de canes'),
      ...citing('LEY-99952-2030', 'declara de interés nacional la adopción de canes'),
    })
  }, 120_000)
  afterAll(() => index?.close())

  it('keeps the name apart from the descriptor’s, and a question naming it finds its articles first', async () => {
    const stored = await queryRows<{ identifier: string; citedAs: string[] | null }>(
      index.database.db,
      sql`select identifier, metadata->'citedAs' as "citedAs" from corpus_documents order by identifier`,
    )
    expect(stored).toEqual([
      { identifier: 'LEY-99950-2030', citedAs: [NAMED] },
      { identifier: 'LEY-99951-2030', citedAs: null },
      { identifier: 'LEY-99952-2030', citedAs: null },
    ])
    // The citing laws hold the name word for word; the named law's own text never says it whole.
    const hits = await searchCorpus(index.database.db, { q: `que manda la ${NAMED}`, limit: 5 })
    expect(hits[0]).toMatchObject({ identifier: 'LEY-99950-2030' })
  })
})
