import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import type { RulingRecord } from '../types'
import {
  findPdfFile,
  parsePdfFileName,
  parseRulingMetadata,
  pdfFileMatches,
  recordFromPdfFileName,
  splitList,
  toIsoDate,
} from './ruling-metadata'

const RULINGS_DIR = path.join(SHARED_CORPUS, 'pj-jurisprudencia')
const PDF_169 = 'Apelacion-000169-2025__Resolucion_10_20260708160131000621498.pdf'
const PDF_FILES = [PDF_169, 'Apelacion-000373-2025__Resolucion_10_20260708142912000031643.pdf']

/** Real records of metadata.json (long texts shortened, unused keys left out). */
const apelacion169 = {
  uuid: 'b4d0c2f3-0000-4000-8000-000000000196',
  rowIndex: 196,
  page: 19,
  fields: {
    recurso: 'Apelación',
    nroexp: '000169-2025',
    palabras: 'Tutela de derechos,Cohecho pasivo propio,Investigación preparatoria',
    pretensiones: 'Cohecho pasivo propio Art. 393',
    normaDI: 'Código Penal : 393',
    tipoResolucion: 'Ejecutoria Suprema',
    fechaResolucion: '10/06/2026',
    sala: 'Sala Penal Permanente',
    sumilla:
      'La tutela de derechos fue declarada infundada porque los agravios del recurrente estaban dirigidos a cuestionar la supuesta inactividad del Ministerio Público.',
  },
  detail: {
    resolucion: {
      fechaDeLaResolucion: '10/06/2026',
      tipoDeResolucion: 'Ejecutoria Suprema',
      falloSentidoDeLaResolucion: 'Infundada',
      juecesSupremos:
        'ALTABAS KAJATT DE MILLA, PEÑA FARFAN, CAMPOS BARRANZUELA, BASCONES GOMEZ VELASQUEZ, MAITA DORREGARAY',
      ponente: 'PEÑA FARFAN',
      sumilla:
        'La tutela de derechos fue declarada infundada porque los agravios del recurrente estaban dirigidos a cuestionar la supuesta inactividad del Ministerio Público.',
      normaDeDerechoInterno: 'Código Penal : 393',
      palabrasClave: 'Tutela de derechos,Cohecho pasivo propio,Investigación preparatoria',
      relevante: 'No',
    },
    proceso: {
      sala: 'Sala Penal Permanente',
      distritoJudicialDeProcedencia: 'Lima Este',
      pretensionDelito: 'Cohecho pasivo propio Art. 393',
    },
    procedencia: {},
    extra: {},
  },
  downloadButtonId: null,
  pdfFile: 'Apelación-000169-2025__Resolucion_10_20260708160131000621498.pdf',
}

/** The listing's sumilla lost a space ('causal.Empero'); the detail page's has it. */
const casacion1785 = {
  uuid: '82a1732b-bee7-40f6-9e61-19db22c3a6be',
  fields: {
    recurso: 'Casación',
    nroexp: '001785-2024',
    palabras: 'Admisibilidad del recurso de casación',
    pretensiones: 'Violación de la libertad sexual Art. 170',
    normaDI: '',
    fechaResolucion: '09/07/2026',
    sala: 'Sala Penal Permanente',
    sumilla:
      'El recurso de casación debe ser admitido solo por la referida causal.Empero, la segunda causal debe ser desestimada.',
  },
  detail: {
    resolucion: {
      falloSentidoDeLaResolucion: 'Bien Concedido',
      juecesSupremos:
        'CAMPOS BARRANZUELA, PRADO SALDARRIAGA, PEÑA FARFAN, LUJAN TUPEZ, ALTABAS KAJATT DE MILLA',
      ponente: 'ALTABAS KAJATT DE MILLA',
      sumilla:
        'El recurso de casación debe ser admitido solo por la referida causal. Empero, la segunda causal debe ser desestimada.',
    },
    proceso: { distritoJudicialDeProcedencia: 'Callao' },
  },
  pdfFile: 'Casación-001785-2024__Resolucion_10_20260709095316000126199.pdf',
}

/** Lists with and without spaces after the commas, padded and doubled whitespace; no district. */
const casacion26639 = {
  uuid: 'c0ffee00-0000-4000-8000-000000000001',
  fields: {
    recurso: '  Casación ',
    nroexp: '026639-2025',
    palabras: 'desnaturalización de contratos,contratos de tercerización, Reposición,  Reposición ',
    pretensiones: 'Robo Agravado Art. 189.1,Robo Agravado Art. 189',
    normaDI: 'Ley 29497,Ley 29245 : 2,Código Civil (D. Leg. 295, art. 1993)',
    fechaResolucion: '16/06/2026',
    sala: 'Segunda Sala de  Derecho Constitucional y Social Transitoria',
    sumilla: '',
  },
  detail: {
    resolucion: {
      juecesSupremos: 'AREVALO VELA, PAREDES INFANZON',
      ponente: '',
      falloSentidoDeLaResolucion: '',
    },
    proceso: { distritoJudicialDeProcedencia: '' },
  },
  pdfFile: 'Casación-026639-2025__Resolucion_1_20260616100948000487696.pdf',
}

const malformed = [
  { uuid: 'sin-expediente', fields: { recurso: 'Apelación' } },
  { uuid: 'expediente-ilegible', fields: { recurso: 'Queja', nroexp: 'S/N' } },
  null,
]

/** Same appeal, number, year and district as casacion1785 but another chamber: another ruling. */
const casacion1785OtherChamber = {
  ...casacion1785,
  uuid: 'another',
  fields: { ...casacion1785.fields, sala: 'Sala Penal Transitoria', fechaResolucion: '31/02/2026' },
}

describe('parseRulingMetadata', () => {
  const input = [
    apelacion169,
    casacion1785,
    casacion26639,
    ...malformed,
    apelacion169,
    casacion1785OtherChamber,
  ]
  const { records, warnings } = parseRulingMetadata(input, PDF_FILES)

  it('normalises a real record and links its PDF', () => {
    expect(records[0]).toEqual({
      caseNumber: 'Apelación 169-2025/Lima Este',
      identifier: 'APELACION-169-2025-LIMA-ESTE',
      appealType: 'Apelación',
      chamber: 'Sala Penal Permanente',
      date: '2026-06-10',
      claims: ['Cohecho pasivo propio Art. 393'],
      keywords: ['Tutela de derechos', 'Cohecho pasivo propio', 'Investigación preparatoria'],
      judges: [
        'ALTABAS KAJATT DE MILLA',
        'PEÑA FARFAN',
        'CAMPOS BARRANZUELA',
        'BASCONES GOMEZ VELASQUEZ',
        'MAITA DORREGARAY',
      ],
      reportingJudge: 'PEÑA FARFAN',
      outcome: 'Infundada',
      summary:
        'La tutela de derechos fue declarada infundada porque los agravios del recurrente estaban dirigidos a cuestionar la supuesta inactividad del Ministerio Público.',
      citedNorms: ['Código Penal : 393'],
      pdfFile: PDF_169,
    } satisfies RulingRecord)
  })

  it("prefers the detail page's text and leaves pdfFile empty when the PDF is not there", () => {
    expect(records[1]).toMatchObject({
      identifier: 'CASACION-1785-2024-CALLAO',
      caseNumber: 'Casación 1785-2024/Callao',
      summary:
        'El recurso de casación debe ser admitido solo por la referida causal. Empero, la segunda causal debe ser desestimada.',
      citedNorms: [],
      outcome: 'Bien Concedido',
      pdfFile: null,
    })
  })

  it('trims, collapses whitespace and splits lists (commas inside parentheses stay)', () => {
    expect(records[2]).toEqual({
      caseNumber: 'Casación 26639-2025',
      identifier: 'CASACION-26639-2025',
      appealType: 'Casación',
      chamber: 'Segunda Sala de Derecho Constitucional y Social Transitoria',
      date: '2026-06-16',
      claims: ['Robo Agravado Art. 189.1', 'Robo Agravado Art. 189'],
      keywords: ['desnaturalización de contratos', 'contratos de tercerización', 'Reposición'],
      judges: ['AREVALO VELA', 'PAREDES INFANZON'],
      reportingJudge: null,
      outcome: null,
      summary: null,
      citedNorms: ['Ley 29497', 'Ley 29245 : 2', 'Código Civil (D. Leg. 295, art. 1993)'],
      pdfFile: null,
    } satisfies RulingRecord)
  })

  it('decodes the listing’s HTML entities and drops their debris in every field', () => {
    const scraped = {
      fields: {
        recurso: 'Casaci&oacute;n',
        nroexp: '000042-2025',
        palabras: 'Contrato de locaci&oacute;n,&amp;quot;Desalojo&amp;quot;',
        sala: 'Sala Civil&nbsp;Permanente',
        sumilla: 'El plazo corre desde &entonces, vale decir, &". Lo firma Rojas & Asociados.',
      },
    }
    const [record] = parseRulingMetadata([scraped]).records
    expect(record).toMatchObject({
      caseNumber: 'Casación 42-2025',
      identifier: 'CASACION-42-2025',
      chamber: 'Sala Civil Permanente',
      keywords: ['Contrato de locación', '"Desalojo"'],
      summary: 'El plazo corre desde entonces, vale decir,". Lo firma Rojas & Asociados.',
    })
  })

  it('skips bad records with a warning naming their index, and keeps identifiers unique', () => {
    expect(records.map((r) => r.identifier)).toEqual([
      'APELACION-169-2025-LIMA-ESTE',
      'CASACION-1785-2024-CALLAO',
      'CASACION-26639-2025',
      'CASACION-1785-2024-CALLAO-2',
    ])
    expect(records[3]!.chamber).toBe('Sala Penal Transitoria')
    expect(records[3]!.date).toBe('31/02/2026')
    expect(warnings).toEqual([
      'Registro 3: formato no válido en fields.nroexp; se omite',
      'Registro 4: número de expediente ilegible ("S/N"); se omite',
      'Registro 5: formato no válido; se omite',
      'Registro 6: repite el registro 0 (APELACION-169-2025-LIMA-ESTE); se omite',
      'Registro 7: fecha no reconocida (31/02/2026); se conserva como está',
      'Registro 7: identificador CASACION-1785-2024-CALLAO ya usado; pasa a ser CASACION-1785-2024-CALLAO-2',
    ])
  })

  it('answers a warning, not an exception, when the JSON is not a list', () => {
    expect(parseRulingMetadata({ records: [] })).toEqual({
      records: [],
      warnings: ['metadata.json no contiene una lista de registros'],
    })
  })
})

describe('field helpers', () => {
  it('turns dates into ISO only when they are real dates', () => {
    expect(
      ['10/06/2026', '1/7/2026', '2026-07-01', '01.07.2026', '31/02/2026', 'junio 2026', null].map(toIsoDate),
    ).toEqual(['2026-06-10', '2026-07-01', '2026-07-01', '2026-07-01', null, null, null])
  })

  it('splits lists without repeats', () => {
    expect(splitList('Ley 31699 : 1,Código Civil (D. Leg. 295) : 1993; ley 31699 : 1')).toEqual([
      'Ley 31699 : 1',
      'Código Civil (D. Leg. 295) : 1993',
    ])
    expect(splitList('  ')).toEqual([])
  })
})

describe('PDF files and records', () => {
  const record169 = { appealType: 'Apelación', caseNumber: 'Apelación 169-2025/Lima Este' }

  it('reads appeal type, number and year from a file name', () => {
    expect(parsePdfFileName(PDF_169)).toEqual({ appealType: 'Apelación', number: 169, year: 2025 })
    expect(
      parsePdfFileName('Recurso de Nulidad-000866-2025__Resolucion_10_20260706154655000019649.pdf'),
    ).toEqual({
      appealType: 'Recurso de Nulidad',
      number: 866,
      year: 2025,
    })
    expect(parsePdfFileName('escrito.pdf')).toBeNull()
  })

  it('matches by appeal type, number and year', () => {
    expect(pdfFileMatches(record169, PDF_169)).toBe(true)
    expect(pdfFileMatches(record169, 'Apelacion-000169-2024__Resolucion_10_1.pdf')).toBe(false)
    expect(pdfFileMatches(record169, 'Casacion-000169-2025__Resolucion_10_1.pdf')).toBe(false)
    expect(pdfFileMatches(record169, 'Apelacion-001169-2025__Resolucion_10_1.pdf')).toBe(false)
  })

  it('finds the file the listing names, else the one with the same case', () => {
    const files = ['Apelacion-000169-2025__Resolucion_12_2.pdf', PDF_169]
    expect(
      findPdfFile(record169, files, `Apelación-000169-2025__Resolucion_10_20260708160131000621498.pdf`),
    ).toBe(PDF_169)
    expect(findPdfFile(record169, files, 'Apelación-000169-2025__Resolucion_9_1.pdf')).toBe(PDF_169)
    expect(findPdfFile(record169, ['Apelacion-000373-2025__Resolucion_10_1.pdf'])).toBeNull()
  })

  it('derives a minimal record from a PDF that has none', () => {
    expect(recordFromPdfFileName(`pdf/${PDF_169}`)).toEqual({
      caseNumber: 'Apelación 169-2025',
      identifier: 'APELACION-169-2025',
      appealType: 'Apelación',
      chamber: null,
      date: null,
      claims: [],
      keywords: [],
      judges: [],
      reportingJudge: null,
      outcome: null,
      summary: null,
      citedNorms: [],
      pdfFile: PDF_169,
    } satisfies RulingRecord)
    expect(recordFromPdfFileName('Resolución suelta.pdf')).toMatchObject({
      identifier: 'RESOLUCION-SUELTA',
      caseNumber: 'Resolución suelta',
      appealType: 'Resolución',
      pdfFile: 'Resolución suelta.pdf',
    })
  })
})

describe.skipIf(missing(sharedCorpus('pj-jurisprudencia', 'metadata.json')))('the real metadata.json', () => {
  it('gives 200 records with unique identifiers, and links each of the 5 PDFs to its record', () => {
    const files = readdirSync(`${RULINGS_DIR}/pdf`)
    const { records, warnings } = parseRulingMetadata(
      JSON.parse(readFileSync(`${RULINGS_DIR}/metadata.json`, 'utf8')),
      files,
    )
    expect(warnings).toEqual([])
    expect(records).toHaveLength(200)
    expect(new Set(records.map((r) => r.identifier)).size).toBe(200)
    expect(records.every((r) => r.date && /^\d{4}-\d{2}-\d{2}$/.test(r.date))).toBe(true)
    // The listing's entity debris ('recién &plenamente vigente') is gone from every text.
    expect(JSON.stringify(records)).not.toMatch(/&(?=\p{L})/u)
    const linked = records
      .filter((r) => r.pdfFile)
      .map((r) => [r.identifier, r.pdfFile])
      .sort()
    expect(linked).toEqual([
      ['APELACION-1231-2025-SAN-MARTIN', 'Apelacion-001231-2025__Resolucion_12_20260701151627000909781.pdf'],
      ['APELACION-169-2025-LIMA-ESTE', PDF_169],
      ['APELACION-373-2025-SAN-MARTIN', 'Apelacion-000373-2025__Resolucion_10_20260708142912000031643.pdf'],
      ['APELACION-389-2025-CUSCO', 'Apelacion-000389-2025__Resolucion_10_20260708131423000722299.pdf'],
      ['APELACION-474-2025-LA-LIBERTAD', 'Apelacion-000474-2025__Resolucion_10_2026070812291100073954.pdf'],
    ])
  })
})
