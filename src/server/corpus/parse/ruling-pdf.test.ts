import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import type { ParsedRulingPdf } from '../types'
import {
  assembleRuling,
  followsNumbering,
  matchLabel,
  ordinalValue,
  parseRulingPdf,
  type RawPage,
  RulingParseError,
  segmentRuling,
} from './ruling-pdf'
import {
  buildPageLines,
  type FlowLine,
  isPageNumberLine,
  joinLines,
  joinWrapped,
  lineBreaks,
  type PageLine,
  removeStampLines,
  runningHeaderCounts,
} from './ruling-text'

const PDF_DIR = path.join(SHARED_CORPUS, 'pj-jurisprudencia', 'pdf')

type Expected = {
  file: string
  pages: number
  sections: Record<'encabezado' | 'vistos' | 'fundamentos' | 'decision', number>
  /** The running header's case line: must be on page 1 only. */
  headerMark: string
  firstFundamento: { label: string; page: number; opening: string }
  decisionPage: number
}

const EXPECTED: Expected[] = [
  {
    file: 'Apelacion-000169-2025__Resolucion_10_20260708160131000621498.pdf',
    pages: 9,
    sections: { encabezado: 2, vistos: 1, fundamentos: 19, decision: 1 },
    headerMark: 'N.° 169-2025/LIMA ESTE',
    firstFundamento: {
      label: 'Fundamento primero — Fundamentos de hecho, § I. Del procedimiento en primera instancia',
      page: 1,
      opening: 'Primero. El investigado Enríquez Colfer, mediante escrito del 20 de marzo de 2024',
    },
    decisionPage: 8,
  },
  {
    file: 'Apelacion-000373-2025__Resolucion_10_20260708142912000031643.pdf',
    pages: 4,
    sections: { encabezado: 2, vistos: 1, fundamentos: 8, decision: 1 },
    headerMark: 'APELACIÓN N.° 373-2025',
    firstFundamento: {
      label: 'Fundamento primero',
      page: 1,
      opening: 'Primero. Según lo dispuesto en el inciso 2 del artículo 421 del Código Procesal Penal',
    },
    decisionPage: 3,
  },
  {
    file: 'Apelacion-000389-2025__Resolucion_10_20260708131423000722299.pdf',
    pages: 3,
    sections: { encabezado: 2, vistos: 1, fundamentos: 3, decision: 1 },
    headerMark: 'APELACIÓN N.° 389-2025',
    firstFundamento: {
      label: 'Fundamento primero',
      page: 1,
      opening: 'Primero. Recibidos los autos —que contienen el recurso impugnatorio de apelación',
    },
    decisionPage: 3,
  },
  {
    file: 'Apelacion-000474-2025__Resolucion_10_2026070812291100073954.pdf',
    pages: 3,
    sections: { encabezado: 2, vistos: 1, fundamentos: 4, decision: 1 },
    headerMark: 'APELACIÓN N.° 474-2025',
    firstFundamento: {
      label: 'Fundamento primero — Fundamentos de hecho',
      page: 1,
      opening: 'Primero. La competencia del Tribunal Supremo para examinar la presente causa',
    },
    decisionPage: 3,
  },
  {
    file: 'Apelacion-001231-2025__Resolucion_12_20260701151627000909781.pdf',
    pages: 15,
    sections: { encabezado: 1, vistos: 5, fundamentos: 9, decision: 1 },
    headerMark: 'PROCESO DE AMPARO N.º 1231-2025',
    firstFundamento: {
      label: 'Fundamento 1.1 — 1. Petitorio y determinación del asunto controvertido',
      page: 10,
      opening: '1.1. Petitorio: La parte demandante solicita la nulidad del auto final',
    },
    decisionPage: 14,
  },
]

const sectionCounts = (parsed: ParsedRulingPdf) => {
  const counts = { encabezado: 0, vistos: 0, fundamentos: 0, decision: 0 }
  for (const p of parsed.passages) counts[p.section]++
  return counts
}
const words = (text: string) => text.split(/\s+/).filter(Boolean).sort()

describe.skipIf(missing(sharedCorpus('pj-jurisprudencia', 'pdf')))(
  'parseRulingPdf on the real rulings',
  () => {
    const parsed = new Map<string, ParsedRulingPdf>()
    beforeAll(async () => {
      for (const { file } of EXPECTED) {
        parsed.set(file, await parseRulingPdf(new Uint8Array(readFileSync(path.join(PDF_DIR, file)))))
      }
    }, 60_000)

    describe.each(EXPECTED)('$file', (expected) => {
      const get = () => parsed.get(expected.file)!

      it('has the right page count, passages per section and no warnings', () => {
        expect(get().pages).toHaveLength(expected.pages)
        expect(sectionCounts(get())).toEqual(expected.sections)
        expect(get().warnings).toEqual([])
      })

      it('keeps no signature stamp, page number or repeated header in the page text', () => {
        for (const page of get().pages) {
          expect(page).not.toMatch(/FIRMA DIGITAL|SINOE|Vocal Supremo:|Firmado digitalmente|FAU \d{11}/i)
          expect(page).not.toMatch(/^\d{1,3}$/m)
          expect(page).not.toMatch(/Página \d+ \| \d+/)
        }
        const withHeader = get()
          .pages.map((page, i) => (page.includes(expected.headerMark) ? i + 1 : 0))
          .filter(Boolean)
        expect(withHeader).toEqual([1])
        expect(get().pages[0]!.startsWith('CORTE SUPREMA')).toBe(true)
      })

      it('finds the first fundamento on the page that holds it', () => {
        const first = get().passages.find((p) => p.section === 'fundamentos')!
        expect(first.label).toBe(expected.firstFundamento.label)
        expect(first.page).toBe(expected.firstFundamento.page)
        expect(first.text).toContain(expected.firstFundamento.opening)
        const holding = get()
          .pages.map((page, i) => (page.includes(expected.firstFundamento.opening) ? i + 1 : 0))
          .filter(Boolean)
        expect(holding).toEqual([expected.firstFundamento.page])
      })

      it('ends with the decision, passages in page order, every word of the pages in exactly one passage', () => {
        const { passages, pages } = get()
        const decision = passages.filter((p) => p.section === 'decision')
        expect(decision.map((p) => [p.label, p.page])).toEqual([['Decisión', expected.decisionPage]])
        expect(passages[passages.length - 1]!.section).toBe('decision')
        expect(pages[expected.decisionPage - 1]).toMatch(/^(V\. )?DECISIÓN:?$/m)
        const order = passages.map((p) => p.page)
        expect(order).toEqual([...order].sort((a, b) => a - b))
        expect(order[0]).toBe(1)
        expect(order[order.length - 1]!).toBeLessThanOrEqual(expected.pages)
        expect(words(passages.map((p) => p.text).join(' '))).toEqual(words(pages.join(' ')))
      })
    })

    it('reads the 169-2025 ruling as the court wrote it', () => {
      const r = parsed.get(EXPECTED[0]!.file)!
      expect(r.passages.slice(0, 3).map((p) => [p.section, p.label, p.page])).toEqual([
        ['encabezado', 'Encabezado', 1],
        ['encabezado', 'Sumilla', 1],
        ['vistos', 'Vistos', 1],
      ])
      expect(r.passages[0]!.text).toBe(
        'CORTE SUPREMA\nDE JUSTICIA\nDE LA REPÚBLICA\n\nSALA PENAL PERMANENTE\nRECURSO DE APELACIÓN\n' +
          'N.° 169-2025/LIMA ESTE\n\nAUTO DE APELACIÓN\n\nLima, diez de junio de dos mil veintiséis',
      )
      expect(
        r.passages[1]!.text.startsWith(
          'Tutela de derechos infundada\n\nDado que la declaración del imputado',
        ),
      ).toBe(true)
      expect(
        r.pages[1]!.startsWith(
          'Segundo. Ante ello, el Juzgado Superior de Investigación Preparatoria emitió',
        ),
      ).toBe(true)
      const labels = r.passages.map((p) => p.label)
      expect(labels).toContain(
        'Fundamento cuarto — Fundamentos de hecho, § II. Del procedimiento en la sede suprema',
      )
      expect(labels).toContain('Fundamento primero — Fundamentos de derecho')
      expect(labels).toContain('Fundamento décimo — Fundamentos de derecho')
      expect(new Set(labels).size).toBe(labels.length)
    })

    it('moves a footnote after the text it interrupts (1231-2025)', () => {
      const r = parsed.get(EXPECTED[4]!.file)!
      expect(r.pages[0]!.endsWith('Asimismo,\n\n1 Ver página 50 del expediente digital.')).toBe(true)
      const demanda = r.passages.find((p) => p.label === 'Antecedentes 1')!
      expect(demanda.page).toBe(1)
      expect(
        demanda.text.startsWith('III. ANTECEDENTES:\n\n1. Demanda\n\nJenny Milagritos Salvador Plasencia'),
      ).toBe(true)
      expect(demanda.text).toContain(
        'que resuelve confirmar el auto final. Asimismo, solicita el otorgamiento',
      )
      expect(demanda.text.endsWith('\n\n1 Ver página 50 del expediente digital.')).toBe(true)
    })
  },
)

describe('parseRulingPdf on bad input', () => {
  it('rejects bytes that are not a PDF with a RulingParseError in Spanish', async () => {
    const bad = parseRulingPdf(new TextEncoder().encode('esto no es un PDF'))
    await expect(bad).rejects.toBeInstanceOf(RulingParseError)
    await expect(bad).rejects.toThrow('El archivo no es un PDF válido')
  })

  it('rejects a truncated PDF and an empty file', async () => {
    const truncated = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog')
    await expect(parseRulingPdf(truncated)).rejects.toThrow('El archivo no es un PDF válido')
    await expect(parseRulingPdf(new Uint8Array())).rejects.toThrow('El archivo PDF está vacío')
  })
})

describe('text cleaning helpers', () => {
  it('rejoins words split at the line end, keeps real hyphens and dashes', () => {
    expect(joinWrapped('el plazo para inter-', 'poner el recurso')).toBe(
      'el plazo para interponer el recurso',
    )
    expect(joinWrapped('Expediente N.º 00188-2019-', 'PA/TC, ha dejado')).toBe(
      'Expediente N.º 00188-2019-PA/TC, ha dejado',
    )
    expect(joinWrapped('el Ministerio Público-', 'Primera Fiscalía')).toBe(
      'el Ministerio Público-Primera Fiscalía',
    )
    expect(joinWrapped('su correo e-', 'mail')).toBe('su correo e-mail')
    expect(joinWrapped('la tutela de derechos —', 'que ponga fin')).toBe(
      'la tutela de derechos — que ponga fin',
    )
    expect(joinWrapped('reso\u00ad', 'lución')).toBe('resolución')
    expect(joinWrapped('Corte Superior de', 'Justicia')).toBe('Corte Superior de Justicia')
  })

  it('joins lines by their breaks', () => {
    const lines: Pick<FlowLine, 'text' | 'brk'>[] = [
      { text: 'Primero. El recurso de ape-', brk: 'paragraph' },
      { text: 'lación fue concedido.', brk: 'join' },
      { text: 'SS.', brk: 'paragraph' },
      { text: 'PRADO SALDARRIAGA', brk: 'line' },
    ]
    expect(joinLines(lines)).toBe('Primero. El recurso de apelación fue concedido.\n\nSS.\nPRADO SALDARRIAGA')
  })

  it('removes every line of a signature stamp and nothing else', () => {
    const page = [
      'CORTE SUPREMA',
      'DE JUSTICIA',
      'SEDE PALACIO DE JUSTICIA,',
      'Vocal Supremo:MAITA',
      'DORREGARAY Sara Del Pilar FAU',
      '20159981216 soft',
      'Fecha: 23/06/2026 10:24:39,Razón:',
      'RESOLUCIÓN',
      'JUDICIAL,D.Judicial: CORTE',
      'SUPREMA / LIMA,FIRMA DIGITAL',
      'CORTE SUPREMA DE',
      'JUSTICIA CORTE SUPREMA',
      '- Sistema de Notificaciones',
      'Electronicas SINOE',
      'Primero. La resolución fue notificada por el Sistema de Notificaciones Electrónicas.',
      'Firmado digitalmente por:',
      'QUISPE MAMANI Juan Carlos',
      'Motivo: Servicio de Notificaciones Electrónicas',
      'Fecha: 2026/07/08 16:01:31-0500',
      'Servicio Digital - Poder Judicial del Perú',
      'Segundo. Corresponde declarar bien concedido el recurso.',
    ]
    expect(removeStampLines(page)).toEqual([
      'CORTE SUPREMA',
      'DE JUSTICIA',
      'Primero. La resolución fue notificada por el Sistema de Notificaciones Electrónicas.',
      'Segundo. Corresponde declarar bien concedido el recurso.',
    ])
  })

  it('tells page numbers from text', () => {
    expect(['3', '- 3 -', 'Página 3 | 15', 'Pág. 3 de 15', '3/15'].map(isPageNumberLine)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['3.1. El apelante', '2025', 'Página web'].map(isPageNumberLine)).toEqual([false, true, false])
  })

  it('counts the running header lines of each page', () => {
    const header = ['CORTE SUPREMA', 'DE JUSTICIA', 'SALA PENAL PERMANENTE', 'APELACIÓN N.° 373-2025']
    const pages = [
      [...header, 'Bien concedido el recurso', 'AUTOS Y VISTOS: el recurso'],
      [...header, 'Segundo. Del análisis de los actuados'],
      [...header.slice(0, 2), 'SALA  PENAL  PERMANENTE', header[3]!, 'DECISIÓN'],
    ]
    expect(runningHeaderCounts(pages)).toEqual([4, 4, 4])
    expect(runningHeaderCounts([pages[0]!])).toEqual([0])
  })

  it('rebuilds lines from pdfjs runs, dropping footnote calls', () => {
    const run = (str: string, x: number, y: number, size: number, width: number, hasEOL = false) => ({
      str,
      hasEOL,
      transform: [size, 0, 0, size, x, y],
      width,
    })
    const lines = buildPageLines([
      run('1', 295, 36, 11, 6),
      run('', 130, 366.8, 12, 0, true),
      run('1. Demanda', 130.4, 366.8, 12, 67),
      run('1', 197.8, 370.8, 8, 4),
      run('', 130, 325.4, 12, 0, true),
      run('Intervino el juez supremo P', 113.4, 290.5, 12, 266),
      run('EÑA', 379.6, 290.5, 9.5, 19),
      run(' ', 398.1, 290.5, 9.5, 2),
      run('F', 400.1, 290.5, 12, 6),
      run('ARFÁN', 405.7, 290.5, 9.5, 30),
      run('.', 435.5, 290.5, 12, 3, true),
    ])
    expect(lines.map((l) => [l.text, l.y, l.size])).toEqual([
      ['1', 36, 11],
      ['1. Demanda', 366.8, 12],
      ['Intervino el juez supremo PEÑA FARFÁN.', 290.5, 12],
    ])
  })

  it('breaks paragraphs where the gap exceeds the leading', () => {
    const line = (text: string, y: number, endX = 525): PageLine => ({ text, x: 113, y, endX, size: 12 })
    const lines = [
      line('Primero. Texto que llega al margen derecho de la página.', 700),
      line('sigue el mismo párrafo hasta terminar aquí.', 678, 300),
      line('Segundo. Nuevo párrafo con el espacio mayor que el interlineado.', 650),
      line('continúa en la línea siguiente del segundo párrafo.', 628),
      line('y termina en esta otra línea completa del párrafo.', 606),
    ]
    expect(lineBreaks(lines)).toEqual(['paragraph', 'join', 'paragraph', 'join', 'join'])
  })
})

describe('segmentation helpers', () => {
  it('reads Spanish ordinals and fundamento labels', () => {
    expect(
      ['Primero', 'Sétimo', 'Décimo', 'DÉCIMO QUINTO', 'decimoctavo', 'Undécimo', 'Vigésimo primero'].map(
        ordinalValue,
      ),
    ).toEqual([1, 7, 10, 15, null, 11, 21])
    expect(matchLabel('Primero. El investigado')).toEqual({ kind: 'ordinal', value: 1, words: 'primero' })
    expect(matchLabel('DÉCIMO QUINTO: Que')).toEqual({ kind: 'ordinal', value: 15, words: 'décimo quinto' })
    expect(matchLabel('Fundamento tercero.- Que')).toEqual({ kind: 'ordinal', value: 3, words: 'tercero' })
    expect(matchLabel('2.1 El Nuevo Código')).toEqual({ kind: 'number', parts: [2, 1] })
    expect(matchLabel('3.5. En consecuencia')).toEqual({ kind: 'number', parts: [3, 5] })
    expect(matchLabel('14 de abril de 2025')).toBeNull()
    expect(matchLabel('3.5 millones de soles')).toBeNull()
    expect(matchLabel('Sexto lugar, el juez')).toBeNull()
  })

  it('accepts only the numbering that follows the last label', () => {
    expect(followsNumbering(null, [1])).toBe(true)
    expect(followsNumbering([3], [3, 1])).toBe(true)
    expect(followsNumbering([3, 5], [4])).toBe(true)
    expect(followsNumbering([2, 2], [3])).toBe(true)
    expect(followsNumbering([2, 2], [16])).toBe(false)
    expect(followsNumbering([2], [1])).toBe(false)
  })

  it('segments a ruling into encabezado, sumilla, vistos, fundamentos and decision', () => {
    const l = (
      text: string,
      page: number,
      brk: FlowLine['brk'] = 'paragraph',
      role: FlowLine['role'] = 'body',
    ) => ({
      text,
      page,
      brk,
      role,
    })
    const { passages, warnings } = segmentRuling([
      l('CORTE SUPREMA', 1, 'paragraph', 'header'),
      l('CASACIÓN N.° 12-2024/LIMA', 1, 'line', 'header'),
      l('Nulidad de despido', 1),
      l('No procede la reposición.', 1),
      l('SENTENCIA DE CASACIÓN', 1),
      l('Lima, dos de mayo de dos mil veinticinco', 1),
      l('VISTOS: el recurso de casación.', 1),
      l('CONSIDERANDO:', 1),
      l('Primero. El recurso cumple.', 1),
      l('Segundo. El plazo', 2),
      l('venció.', 2, 'join'),
      l('2.1. Sobre el plazo.', 2),
      l('Tercero. Por tanto.', 2),
      l('1 Ver foja 3.', 2, 'paragraph', 'footnote'),
      l('DECISIÓN', 3),
      l('Declararon FUNDADO el recurso.', 3),
    ])
    expect(warnings).toEqual([])
    expect(passages).toEqual([
      {
        section: 'encabezado',
        label: 'Encabezado',
        text: 'CORTE SUPREMA\nCASACIÓN N.° 12-2024/LIMA\n\nSENTENCIA DE CASACIÓN\n\nLima, dos de mayo de dos mil veinticinco',
        page: 1,
      },
      {
        section: 'encabezado',
        label: 'Sumilla',
        text: 'Nulidad de despido\n\nNo procede la reposición.',
        page: 1,
      },
      { section: 'vistos', label: 'Vistos', text: 'VISTOS: el recurso de casación.', page: 1 },
      {
        section: 'fundamentos',
        label: 'Fundamento primero',
        text: 'CONSIDERANDO:\n\nPrimero. El recurso cumple.',
        page: 1,
      },
      { section: 'fundamentos', label: 'Fundamento segundo', text: 'Segundo. El plazo venció.', page: 2 },
      { section: 'fundamentos', label: 'Fundamento 2.1', text: '2.1. Sobre el plazo.', page: 2 },
      {
        section: 'fundamentos',
        label: 'Fundamento tercero',
        text: 'Tercero. Por tanto.\n\n1 Ver foja 3.',
        page: 2,
      },
      { section: 'decision', label: 'Decisión', text: 'DECISIÓN\n\nDeclararon FUNDADO el recurso.', page: 3 },
    ])
  })
})

describe('segmentation of other layouts', () => {
  const l = (text: string, page = 1, brk: FlowLine['brk'] = 'paragraph'): FlowLine => ({
    text,
    page,
    brk,
    role: 'body',
  })

  it('reads roman sections, numbered titles and sub-fundamentos', () => {
    const { passages } = segmentRuling([
      l('I. VISTA DE LA CAUSA'),
      l('La causa número doce.'),
      l('II. ANTECEDENTES:'),
      l('1. Demanda'),
      l('La actora pide su reposición.'),
      l('III. FUNDAMENTOS:'),
      l('1. Sobre la procedencia.', 2),
      l('1.1. El amparo procede.', 2),
      l('1.2. Y es oportuno.', 2),
      l('16. Cita que no es fundamento.', 2),
      l('2. Conclusión. El recurso es fundado.', 2),
      l('IV. DECISIÓN:', 3),
      l('CONFIRMARON la sentencia.', 3),
    ])
    expect(passages.map((p) => [p.section, p.label, p.page, p.text])).toEqual([
      ['vistos', 'Vistos', 1, 'I. VISTA DE LA CAUSA\n\nLa causa número doce.'],
      ['vistos', 'Antecedentes 1', 1, 'II. ANTECEDENTES:\n\n1. Demanda\n\nLa actora pide su reposición.'],
      [
        'fundamentos',
        'Fundamento 1.1 — 1. Sobre la procedencia',
        // The passage starts where its heading does.
        1,
        'III. FUNDAMENTOS:\n\n1. Sobre la procedencia.\n\n1.1. El amparo procede.',
      ],
      [
        'fundamentos',
        'Fundamento 1.2 — 1. Sobre la procedencia',
        2,
        '1.2. Y es oportuno.\n\n16. Cita que no es fundamento.',
      ],
      ['fundamentos', 'Fundamento 2 — 1. Sobre la procedencia', 2, '2. Conclusión. El recurso es fundado.'],
      ['decision', 'Decisión', 3, 'IV. DECISIÓN:\n\nCONFIRMARON la sentencia.'],
    ])
  })

  it('keeps counting fundamentos across a capitals heading, and finds a decision without heading', () => {
    const { passages, warnings } = segmentRuling([
      l('VISTOS; con el expediente.'),
      l('CONSIDERANDO:'),
      l('PRIMERO.- Antecedentes.'),
      l('SEGUNDO.- Más antecedentes.'),
      l('ANÁLISIS DEL CASO CONCRETO'),
      l('TERCERO.- El análisis.'),
      l('Por tales razones:'),
      l('DECLARARON INFUNDADO el recurso.', 1, 'line'),
    ])
    expect(warnings).toEqual([])
    expect(passages.map((p) => [p.section, p.label])).toEqual([
      ['vistos', 'Vistos'],
      ['fundamentos', 'Fundamento primero'],
      ['fundamentos', 'Fundamento segundo'],
      ['fundamentos', 'Fundamento tercero — Análisis del caso concreto'],
      ['decision', 'Decisión'],
    ])
    expect(passages[3]!.text).toBe('ANÁLISIS DEL CASO CONCRETO\n\nTERCERO.- El análisis.')
    expect(passages[4]!.text).toBe('Por tales razones:\nDECLARARON INFUNDADO el recurso.')
  })

  it('decodes entities and drops their debris in the passages', () => {
    const { passages } = segmentRuling([
      l('VISTOS; el recurso de Rojas & Asociados.'),
      l('CONSIDERANDO:'),
      l('PRIMERO.- La resoluci&oacute;n rige desde &entonces.'),
    ])
    expect(passages.map((p) => p.text)).toEqual([
      'VISTOS; el recurso de Rojas & Asociados.',
      'CONSIDERANDO:\n\nPRIMERO.- La resolución rige desde entonces.',
    ])
  })
})

describe('assembleRuling', () => {
  const line = (text: string, y: number, size = 12, x = 113, endX = 300): PageLine => ({
    text,
    x,
    y,
    endX,
    size,
  })
  const header = [
    line('CORTE SUPREMA DE JUSTICIA DE LA REPÚBLICA', 795, 11),
    line('SALA PENAL PERMANENTE', 781, 11),
    line('APELACIÓN N.° 1-2025/LIMA', 767, 11),
  ]
  const stamp = (ys: number[], texts: string[]) => texts.map((t, i) => line(t, ys[i]!, 6, 2, 98))

  it('drops stamps, page numbers and the repeated header, and keeps the header once on page 1', () => {
    const pages: RawPage[] = [
      {
        height: 842,
        lines: [
          line('1', 36, 11, 295, 301),
          ...header,
          ...stamp(
            [700, 694, 688, 682, 676, 670, 664],
            [
              'SEDE PALACIO DE JUSTICIA,',
              'Vocal Supremo:PEÑA FARFAN',
              'Saul FAU 20159981216 soft',
              'Fecha: 23/06/2026 10:22:14,Razón:',
              'RESOLUCIÓN',
              'JUDICIAL,D.Judicial: CORTE',
              'SUPREMA / LIMA,FIRMA DIGITAL',
            ],
          ),
          line('AUTO DE APELACIÓN', 640, 12, 260, 376),
          line('AUTOS Y VISTOS: el recurso de apelación interpuesto', 600, 12, 113, 525),
          line('por la defensa.', 578),
          line('CONSIDERANDO', 540, 12, 250, 340),
          line('Primero. El recurso cumple los requisitos de inter-', 510, 12, 113, 525),
          line('posición previstos en la ley.', 488),
        ],
      },
      {
        height: 842,
        lines: [
          ...header,
          ...stamp(
            [700, 694, 688, 682],
            [
              'Firmado digitalmente por:',
              'QUISPE MAMANI Juan',
              'Motivo: Servicio de Notificaciones Electrónicas',
              'Fecha: 2026/07/08 16:01:31-0500',
            ],
          ),
          line('Segundo. Por tanto, procede.', 640),
          line('DECISIÓN', 600, 12, 270, 330),
          line('DECLARARON FUNDADO el recurso.', 578),
          line('2', 36, 11, 295, 301),
        ],
      },
    ]
    const r = assembleRuling(pages)
    expect(r.pages).toEqual([
      'CORTE SUPREMA DE JUSTICIA DE LA REPÚBLICA\nSALA PENAL PERMANENTE\nAPELACIÓN N.° 1-2025/LIMA\n\n' +
        'AUTO DE APELACIÓN\n\nAUTOS Y VISTOS: el recurso de apelación interpuesto por la defensa.\n\n' +
        'CONSIDERANDO\n\nPrimero. El recurso cumple los requisitos de interposición previstos en la ley.',
      'Segundo. Por tanto, procede.\n\nDECISIÓN\nDECLARARON FUNDADO el recurso.',
    ])
    expect(r.passages.map((p) => [p.section, p.label, p.page])).toEqual([
      ['encabezado', 'Encabezado', 1],
      ['vistos', 'Vistos', 1],
      ['fundamentos', 'Fundamento primero', 1],
      ['fundamentos', 'Fundamento segundo', 2],
      ['decision', 'Decisión', 2],
    ])
    expect(r.warnings).toEqual([])
  })
})
