import { beforeAll, describe, expect, it } from 'vitest'
import { pdfPageLines } from '../../test/pdf-lines'
import { loadPackManifest } from '../pack/manifest'
import type { NormArticle, ParsedNorm } from '../types'
import { rankLabel, renderNormPdf, statusLabel, toWinAnsi } from './norm-pdf'

/** Peru's ranks, as its pack names them. */
const { rankLabels } = loadPackManifest()

async function pdfInfo(pdf: Buffer): Promise<Record<string, unknown>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false })
    .promise
  const { info } = await doc.getMetadata()
  await doc.destroy()
  return info as Record<string, unknown>
}

/** 1-based pages where some line satisfies the predicate. */
function pagesWhere(pages: string[][], test: (line: string) => boolean): number[] {
  return pages.flatMap((lines, i) => (lines.some(test) ? [i + 1] : []))
}

const WORDS = (
  'el la de los derechos obligación contrato persona jurídica será nulo cuando año Constitución propiedad ' +
  'acreedor deudor plazo niño señal pingüino según también región garantía'
).split(' ')

/** Deterministic filler: the same article always gets the same words. */
function filler(seed: number, count: number): string {
  let state = seed * 7919 + 13
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648
    out.push(WORDS[state % WORDS.length]!)
  }
  return `${out.join(' ')}.`
}

function meta(overrides: Partial<ParsedNorm['meta']> = {}): ParsedNorm['meta'] {
  return {
    identifier: 'CON-1993',
    title: 'Constitución Política del Perú',
    country: 'pe',
    rank: 'constitucion',
    publicationDate: '1993-12-30',
    lastUpdated: '2024-03-20',
    status: 'in_force',
    source: 'https://spij.minjus.gob.pe/spij-ext-web/#/detallenorma/H682678',
    officialJournal: 'El Peruano',
    ...overrides,
  }
}

const LONG_ORDINAL = 75
const SPANISH_ORDINAL = 3
const SPANISH_TEXT =
  '¿Qué año? ¡Sí! El niño pingüino «cita» “comillas” ‘simples’ — raya… • viñeta → flecha ≤ ‐ x\u00a0y 😀 ' +
  'o\u0301 ﬁn so\u00adft'
/** What the text above must read as in the PDF: WinAnsi kept, the rest replaced by readable stand-ins. */
const SPANISH_PRINTED =
  '¿Qué año? ¡Sí! El niño pingüino «cita» “comillas” ‘simples’ — raya… • viñeta -> flecha <= - x y ? ó fin soft'

function article(ordinal: number, overrides: Partial<NormArticle> = {}): NormArticle {
  const n = ordinal + 1
  const label =
    ordinal >= 140
      ? `${['Primera', 'Segunda', 'Tercera'][ordinal % 3]} Disposición Final ${n}`
      : `Artículo ${n}`
  const paragraphs = 1 + (ordinal % 4)
  const text = Array.from({ length: paragraphs }, (_, p) =>
    p === 1 && ordinal % 5 === 0
      ? `a) primer inciso ${filler(ordinal + 100, 5)}\nb) segundo inciso ${filler(ordinal + 200, 5)}`
      : filler(ordinal * 10 + p, 15 + ((ordinal * 37 + p * 11) % 70)),
  )
  return {
    kind: ordinal >= 140 ? 'disposicion' : 'articulo',
    number: String(n),
    label,
    heading: ordinal % 4 === 3 ? null : `Del régimen número ${n}`,
    text: `Texto del ${label}: ${text.join('\n\n')}`,
    notes:
      ordinal % 6 === 0
        ? [`(*) ${label} modificado por la Ley N° 3${n}, publicada el 1 de enero de 2015.`]
        : [],
    path: [
      `TÍTULO ${Math.floor(ordinal / 50) + 1}. DE LA PERSONA Y LA SOCIEDAD`,
      `CAPÍTULO ${Math.floor(ordinal / 10) + 1}. DE LOS DERECHOS FUNDAMENTALES`,
    ],
    ordinal,
    ...overrides,
  }
}

function fixtureNorm(): ParsedNorm {
  const articles = Array.from({ length: 150 }, (_, i) => article(i))
  articles[SPANISH_ORDINAL] = article(SPANISH_ORDINAL, {
    text: `Texto del Artículo ${SPANISH_ORDINAL + 1}: ${SPANISH_TEXT}`,
  })
  const long = Array.from({ length: 45 }, (_, p) => filler(5000 + p, 80))
  long.push('FIN-DEL-ARTICULO-LARGO')
  articles[LONG_ORDINAL] = article(LONG_ORDINAL, {
    text: `Texto del Artículo ${LONG_ORDINAL + 1}: ${long.join('\n\n')}`,
  })
  return {
    meta: meta(),
    preamble: `EL CONGRESO CONSTITUYENTE DEMOCRÁTICO, invocando a Dios Todopoderoso, ${filler(1, 60)}`,
    articles,
    warnings: [],
  }
}

function headingLine(a: NormArticle): string {
  return a.heading ? `${a.label}. ${a.heading}` : `${a.label}.`
}

describe('renderNormPdf', () => {
  const norm = fixtureNorm()
  let rendered: Awaited<ReturnType<typeof renderNormPdf>>
  let pages: string[][]

  beforeAll(async () => {
    rendered = await renderNormPdf(norm)
    pages = await pdfPageLines(rendered.pdf)
  })

  it('reports the real page count', () => {
    expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(rendered.pageCount).toBe(pages.length)
    expect(rendered.pageCount).toBeGreaterThan(10)
  })

  it('records, for every article, the one page that prints its heading and first lines', () => {
    expect(rendered.articlePages).toHaveLength(norm.articles.length)
    for (const a of norm.articles) {
      const heading = headingLine(a)
      expect(
        pagesWhere(pages, (line) => line === heading),
        heading,
      ).toEqual([rendered.articlePages[a.ordinal]])
      // The heading is never stranded at the foot of a page: the text starts right under it.
      const start = `Texto del ${a.label}:`
      expect(
        pagesWhere(pages, (line) => line.startsWith(start)),
        start,
      ).toEqual([rendered.articlePages[a.ordinal]])
    }
  })

  it('prints the title block, the structure headings and the notes', () => {
    const first = pages[0]!
    expect(first.slice(0, 3)).toEqual(['Constitución', 'Constitución Política del Perú', 'CON-1993'])
    expect(first).toContain('Publicación: 30 de diciembre de 1993')
    expect(first).toContain('Última actualización: 20 de marzo de 2024')
    expect(first).toContain('Estado: Vigente')
    expect(first).toContain('Fuente: https://spij.minjus.gob.pe/spij-ext-web/#/detallenorma/H682678')
    expect(first).toContain(
      'Edición de Lexia generada a partir del texto publicado; no es la publicación oficial.',
    )
    expect(rendered.preamblePage).toBe(1)
    expect(first.some((l) => l.startsWith('EL CONGRESO CONSTITUYENTE DEMOCRÁTICO, invocando'))).toBe(true)
    // Each chapter heading once, on the page of the chapter's first article.
    for (const chapter of [1, 5, 15]) {
      const heading = `CAPÍTULO ${chapter}. DE LOS DERECHOS FUNDAMENTALES`
      expect(pagesWhere(pages, (l) => l === heading)).toEqual([rendered.articlePages[(chapter - 1) * 10]])
    }
    expect(pagesWhere(pages, (l) => l === 'TÍTULO 2. DE LA PERSONA Y LA SOCIEDAD')).toEqual([
      rendered.articlePages[50],
    ])
    const note = '(*) Artículo 7 modificado por la Ley N° 37, publicada el 1 de enero de 2015.'
    expect(pagesWhere(pages, (l) => l === note)).toEqual([rendered.articlePages[6]])
  })

  it('keeps Spanish characters and replaces what WinAnsi lacks with readable stand-ins', () => {
    const page = pages[rendered.articlePages[SPANISH_ORDINAL]! - 1]!.join(' ')
    expect(page).toContain(`Texto del Artículo ${SPANISH_ORDINAL + 1}: ${SPANISH_PRINTED}`)
    const all = pages.flat().join(' ')
    for (const word of [
      'Constitución',
      'año',
      '¿Qué',
      '¡Sí!',
      'pingüino',
      'DEMOCRÁTICO',
      'Disposición',
      'N°',
    ]) {
      expect(all).toContain(word)
    }
  })

  it('numbers every page in the footer', () => {
    const n = rendered.pageCount
    expect(pages[2]).toContain(`Página 3 de ${n}`)
    pages.forEach((lines, i) => {
      expect(lines).toContain(`Página ${i + 1} de ${n}`)
      expect(lines).toContain('CON-1993')
    })
  })

  it('records the heading page of an article that runs over several pages', () => {
    const long = norm.articles[LONG_ORDINAL]!
    const headingPage = rendered.articlePages[LONG_ORDINAL]!
    expect(pagesWhere(pages, (l) => l === headingLine(long))).toEqual([headingPage])
    const endPage = pagesWhere(pages, (l) => l.includes('FIN-DEL-ARTICULO-LARGO'))
    expect(endPage).toHaveLength(1)
    expect(endPage[0]).toBeGreaterThanOrEqual(headingPage + 2)
    // The next article starts where the long one ends.
    expect(rendered.articlePages[LONG_ORDINAL + 1]).toBeGreaterThanOrEqual(endPage[0]!)
  })

  it('gives the same bytes for the same input, and dates the file with generatedAt', async () => {
    const again = await renderNormPdf(fixtureNorm())
    expect(again.pdf.equals(rendered.pdf)).toBe(true)
    expect((await pdfInfo(rendered.pdf)).CreationDate).toBe('D:19700101000000Z')

    const generatedAt = new Date('2025-01-02T03:04:05Z')
    const dated = await renderNormPdf(fixtureNorm(), { generatedAt })
    const datedAgain = await renderNormPdf(fixtureNorm(), { generatedAt })
    expect(dated.pdf.equals(datedAgain.pdf)).toBe(true)
    expect(dated.pdf.equals(rendered.pdf)).toBe(false)
    expect((await pdfInfo(dated.pdf)).CreationDate).toBe('D:20250102030405Z')
    expect(dated.articlePages).toEqual(rendered.articlePages)
  })

  it('renders a norm with only a preamble, and one with nothing at all', async () => {
    const onlyPreamble = await renderNormPdf({
      meta: meta({
        identifier: 'RL-30000-2015',
        title: 'Resolución que aprueba un tratado',
        rank: 'resolucion_legislativa',
      }),
      preamble:
        'CONSIDERANDO:\n\nQue es necesario aprobar el tratado; y\n\nDe conformidad con la Constitución.',
      articles: [],
      warnings: [],
    })
    expect(onlyPreamble.pageCount).toBe(1)
    expect(onlyPreamble.articlePages).toEqual([])
    expect(onlyPreamble.preamblePage).toBe(1)
    const [page] = await pdfPageLines(onlyPreamble.pdf)
    expect(page).toEqual([
      'Resolución Legislativa',
      'Resolución que aprueba un tratado',
      'RL-30000-2015',
      'Publicación: 30 de diciembre de 1993',
      'Última actualización: 20 de marzo de 2024',
      'Estado: Vigente',
      'Diario oficial: El Peruano',
      'Fuente: https://spij.minjus.gob.pe/spij-ext-web/#/detallenorma/H682678',
      'Edición de Lexia generada a partir del texto publicado; no es la publicación oficial.',
      'CONSIDERANDO:',
      'Que es necesario aprobar el tratado; y',
      'De conformidad con la Constitución.',
      'RL-30000-2015',
      'Página 1 de 1',
    ])

    const empty = await renderNormPdf({
      meta: meta({ lastUpdated: null, source: null, officialJournal: null, status: 'repealed' }),
      preamble: null,
      articles: [],
      warnings: [],
    })
    expect(empty.pageCount).toBe(1)
    expect(empty.preamblePage).toBeNull()
    const [emptyPage] = await pdfPageLines(empty.pdf)
    expect(emptyPage).toContain('Estado: Derogada')
    expect(emptyPage).toContain('Página 1 de 1')
  })

  it('moves a heading to the next page when its first lines would not fit under it', async () => {
    const text = `Texto del Artículo 1: ${Array.from({ length: 5 }, (_, i) => `Línea ${i + 1} del artículo.`).join('\n')}`
    const heads: number[] = []
    // Preambles of growing length push the article down line by line, across the foot of page 1.
    for (let lines = 30; lines <= 52; lines++) {
      const preamble = Array.from({ length: lines }, (_, i) => `Considerando ${i + 1}.`).join('\n')
      const r = await renderNormPdf({
        meta: meta(),
        preamble,
        articles: [article(0, { text, notes: [], path: [] })],
        warnings: [],
      })
      const p = await pdfPageLines(r.pdf)
      const head = r.articlePages[0]!
      expect(pagesWhere(p, (l) => l === 'Artículo 1. Del régimen número 1')).toEqual([head])
      for (const first of [
        'Texto del Artículo 1: Línea 1 del artículo.',
        'Línea 2 del artículo.',
        'Línea 3 del artículo.',
      ]) {
        expect(pagesWhere(p, (l) => l === first)).toEqual([head])
      }
      heads.push(head)
    }
    // Both outcomes occurred: the article fitted on page 1, then had to start page 2.
    expect(heads[0]).toBe(1)
    expect(heads.at(-1)).toBe(2)
  })

  it('wraps a word wider than the line instead of letting it overflow', async () => {
    const url = `https://spij.minjus.gob.pe/${'segmento-muy-largo/'.repeat(12)}fin`
    const r = await renderNormPdf({
      meta: meta(),
      preamble: null,
      articles: [article(0, { text: `Véase ${url}`, notes: [], path: [] })],
      warnings: [],
    })
    const [page] = await pdfPageLines(r.pdf)
    const start = page!.indexOf('Véase')
    expect(start).toBeGreaterThan(0)
    const pieces = page!.slice(start + 1, page!.lastIndexOf('CON-1993'))
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.join('')).toBe(url)
  })
})

describe('labels and encoding', () => {
  it('names ranks and statuses in Spanish', () => {
    expect(rankLabel('constitucion', rankLabels)).toBe('Constitución')
    expect(rankLabel('decreto_legislativo', rankLabels)).toBe('Decreto Legislativo')
    expect(rankLabel('decreto_urgencia', rankLabels)).toBe('Decreto de Urgencia')
    expect(rankLabel('decreto_de_urgencia', rankLabels)).toBe('Decreto de Urgencia')
    expect(rankLabel('resolucion_legislativa', rankLabels)).toBe('Resolución Legislativa')
    expect(rankLabel('codigo', rankLabels)).toBe('Código')
    expect(rankLabel('ley_organica', rankLabels)).toBe('Ley Orgánica')
    expect(rankLabel(' Ley ', rankLabels)).toBe('Ley')
    expect(rankLabel('ordenanza_municipal', rankLabels)).toBe('Ordenanza municipal')
    expect(rankLabel('decreto_supremo', rankLabels)).toBe('Decreto Supremo')
    // Another country's pack names its own ranks; what it leaves out is written from the key.
    expect(rankLabel('decreto_supremo', { decreto_supremo: 'Decreto Supremo Federal' })).toBe(
      'Decreto Supremo Federal',
    )
    expect(rankLabel('constitucion', {})).toBe('Constitucion')
    expect(statusLabel('in_force')).toBe('Vigente')
    expect(statusLabel('repealed')).toBe('Derogada')
    expect(statusLabel('en_revision')).toBe('En revision')
  })

  it('turns text into WinAnsi bytes', () => {
    // Latin-1 letters are their own byte; typographic marks take their cp1252 slot.
    expect(toWinAnsi('Constitución año ¿¡«»')).toBe('Constitución año ¿¡«»')
    expect(toWinAnsi('’“”—…•€')).toBe('\x92\x93\x94\x97\x85\x95\x80')
    expect(toWinAnsi('a\u00a0b\tc\fd\r\ne')).toBe('a b c d \ne')
    expect(toWinAnsi('o\u0301 \u2212 \u2192 \u2264 ﬁ Ａ ő № \u200bx \u0000y \u0085z 😀 α')).toBe(
      'ó - -> <= fi A o N.º x y z ? ?',
    )
  })
})
