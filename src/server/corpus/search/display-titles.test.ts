import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/query'
import { indexMadeUpNorms, type MadeUpIndex, madeUpLaw } from '../../test/made-up-norms'
import { displayTitle, normNumber } from './display-titles'
import { searchCorpus } from './search'

describe('the files of one norm', () => {
  it('share a kind and number; a decree of urgency’s number is its year’s', () => {
    expect(normNumber('LEY-27785-2002')).toBe(normNumber('LEY-ORGANICA-27785-2002'))
    expect(normNumber('LEY-32441-2025')).toBe(normNumber('LEY-32441-1825'))
    expect(normNumber('LEY-27785-2002')).not.toBe(normNumber('DL-27785-2002'))
    expect(normNumber('DU-042-2000')).not.toBe(normNumber('DU-042-2019'))
    expect(normNumber('DS-003-97-TR-1997')).toBeNull()
  })

  it('are the kind and number citations name, whatever words a file adds, without leading zeros', () => {
    expect(normNumber('LEY-27972-2003')).toBe('LEY-27972')
    expect(normNumber('LEY-ORGANICA-27972-2003')).toBe('LEY-27972')
    expect(normNumber('LEY-29571-CODIGO-CONSUMIDOR-2010')).toBe(normNumber('LEY-29571-2010'))
    expect(normNumber('LEY-30555-ESSALUD-728-2017')).toBe('LEY-30555')
    expect(normNumber('DLEG-00728-1991')).toBe('DLEG-728')
    expect(normNumber('DU-044-2019')).toBe('DU-44-2019')
    expect(normNumber('CON-1993')).toBeNull()
    expect(normNumber('LEY-REMYPE-2013')).toBeNull()
  })

  it('show the shortest title that says more than the kind and number', () => {
    expect(displayTitle(['Código Civil', 'Código Civil Peruano (del artículo 1132 al 2122)'])).toBe(
      'Código Civil',
    )
    expect(displayTitle(['Ley N.° 90001', 'Ley de los faros del litoral'])).toBe(
      'Ley de los faros del litoral',
    )
    expect(displayTitle(['Ley N.° 90001'])).toBeNull()
  })
})

const norm = (identifier: string, title: string) =>
  madeUpLaw({
    identifier,
    title,
    text: 'Artículo 1.- Objeto\nLa presente ley regula el encendido de los faros del litoral y su mantenimiento por la autoridad marítima.',
  })

describe('one title on screen for a norm kept in two files', () => {
  let index: MadeUpIndex
  beforeAll(async () => {
    index = await indexMadeUpNorms({
      'LEY-90001-2030.md': norm('LEY-90001-2030', 'Ley N° 90001 - Ley de los faros'),
      'LEY-ORGANICA-90001-2030.md': norm('LEY-ORGANICA-90001-2030', 'Ley de los faros'),
      'LEY-90002-2030.md': norm('LEY-90002-2030', 'Ley de las boyas'),
    })
  }, 120_000)
  afterAll(() => index?.close())

  it('is what search shows for either file; each keeps its own title', async () => {
    const hits = await searchCorpus(index.database.db, { q: 'encendido de los faros del litoral', limit: 5 })
    expect(hits.length).toBeGreaterThan(0)
    expect(new Set(hits.filter((h) => h.identifier.includes('90001')).map((h) => h.title))).toEqual(
      new Set(['Ley de los faros']),
    )
    const stored = await queryRows<{ identifier: string; title: string; shown: string | null }>(
      index.database.db,
      sql`select identifier, title, metadata->>'displayTitle' as shown from corpus_documents order by identifier`,
    )
    expect(stored).toEqual([
      { identifier: 'LEY-90001-2030', title: 'Ley N° 90001 - Ley de los faros', shown: 'Ley de los faros' },
      { identifier: 'LEY-90002-2030', title: 'Ley de las boyas', shown: null },
      { identifier: 'LEY-ORGANICA-90001-2030', title: 'Ley de los faros', shown: 'Ley de los faros' },
    ])
  })
})
