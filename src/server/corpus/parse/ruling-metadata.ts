import { z } from 'zod'
import type { RulingRecord } from '../types'
import { cleanEntityDebris } from './entity-debris'

/**
 * metadata.json of the Poder Judicial's 'Jurisprudencia Sistematizada' listing → normalised ruling records.
 * Each raw record holds the listing row (`fields`) and the detail page (`detail.resolucion`, `detail.proceso`);
 * the two repeat each other, and where they differ the detail is the better written one.
 */

/** A loose text field: strings and numbers are text, anything else counts as missing instead of failing the record. */
const text = z.union([z.string(), z.number()]).nullish().catch(null)

const rawRecord = z.object({
  uuid: text,
  fields: z.object({
    recurso: z.string(),
    nroexp: z.union([z.string(), z.number()]),
    palabras: text,
    pretensiones: text,
    normaDI: text,
    fechaResolucion: text,
    sala: text,
    sumilla: text,
  }),
  detail: z
    .object({
      resolucion: z
        .object({
          fechaDeLaResolucion: text,
          falloSentidoDeLaResolucion: text,
          juecesSupremos: text,
          ponente: text,
          sumilla: text,
          normaDeDerechoInterno: text,
          palabrasClave: text,
        })
        .partial()
        .nullish()
        .catch(null),
      proceso: z
        .object({ sala: text, distritoJudicialDeProcedencia: text, pretensionDelito: text })
        .partial()
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
  pdfFile: text,
})

type RawRecord = z.infer<typeof rawRecord>

/**
 * Trimmed, inner whitespace collapsed, NFC; empty → null. The listing is scraped from HTML: its entities are
 * decoded and their debris ('recién &plenamente') removed.
 */
export function cleanText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const t = cleanEntityDebris(String(value)).normalize('NFC').replace(/\s+/g, ' ').trim()
  return t || null
}

/** 'a,b, c' → ['a', 'b', 'c']: commas and semicolons outside parentheses; repeats (ignoring case and accents) dropped. */
export function splitList(value: string | number | null | undefined): string[] {
  const t = cleanText(value)
  if (!t) return []
  const items: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of t) {
    if (ch === '(' || ch === '[') depth++
    else if ((ch === ')' || ch === ']') && depth > 0) depth--
    if ((ch === ',' || ch === ';') && depth === 0) {
      items.push(cur)
      cur = ''
    } else cur += ch
  }
  items.push(cur)
  const seen = new Set<string>()
  const out: string[] = []
  for (const item of items) {
    const clean = cleanText(item)
    if (!clean) continue
    const key = fold(clean)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(clean)
  }
  return out
}

const fold = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Upper-case ASCII words joined by '-': 'Extradición Activa' → 'EXTRADICION-ACTIVA', 'Cañete' → 'CANETE'. */
export function slug(t: string): string {
  return fold(t)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase()
}

/** 'dd/mm/yyyy', 'd-m-yyyy', 'dd.mm.yyyy' or 'yyyy-mm-dd' (a real calendar date) → 'yyyy-mm-dd'; else null. */
export function toIsoDate(value: string | null): string | null {
  if (!value) return null
  let y: number
  let m: number
  let d: number
  const dmy = value.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/)
  const ymd = value.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/)
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])]
  else if (ymd) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
  else return null
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** The case number without its leading zeros: '000169-2025' → { number: 169, year: 2025 }. */
export function parseCaseNumber(value: string | null): { number: number; year: number } | null {
  const m = value?.match(/(?:^|\D)(\d{1,7})\s*-\s*(\d{4})(?:\D|$)/)
  if (!m) return null
  const number = Number(m[1])
  return number > 0 ? { number, year: Number(m[2]) } : null
}

/** How the court spells the appeal types that file names write without accents. */
const APPEAL_TYPES = [
  'Apelación',
  'Casación',
  'Recurso de Nulidad',
  'Extradición Activa',
  'Extradición Pasiva',
  'Revisión de Sentencia',
  'Queja',
  'Competencia',
  'Consulta',
  'Contienda de Competencia',
]

/** 'Apelacion-000169-2025__Resolucion_10_….pdf' → its appeal type, number and year; null when it says none. */
export function parsePdfFileName(
  fileName: string,
): { appealType: string; number: number; year: number } | null {
  const base = fileName.replace(/^.*[/\\]/, '').replace(/\.pdf$/i, '')
  const m = base.match(/^(.+?)[-_ ]+(\d{1,7})-(\d{4})(?:$|[_\s.-])/)
  if (!m) return null
  const written = cleanText(m[1]!.replace(/_/g, ' '))
  const number = Number(m[2])
  if (!written || !number) return null
  const known = APPEAL_TYPES.find((t) => fold(t) === fold(written))
  return {
    appealType: known ?? written.charAt(0).toUpperCase() + written.slice(1),
    number,
    year: Number(m[3]),
  }
}

/** Whether a PDF file is this record's ruling: same appeal type, number and year. */
export function pdfFileMatches(
  record: Pick<RulingRecord, 'appealType' | 'caseNumber'>,
  fileName: string,
): boolean {
  const file = parsePdfFileName(fileName)
  const own = parseCaseNumber(record.caseNumber)
  return (
    !!file &&
    !!own &&
    fold(file.appealType) === fold(record.appealType) &&
    file.number === own.number &&
    file.year === own.year
  )
}

/**
 * The PDF of this record among the files present: the one the listing names (compared without accents, since the
 * files are saved as 'Apelacion-…' for 'Apelación-…'), else the only one with the same type, number and year.
 */
export function findPdfFile(
  record: Pick<RulingRecord, 'appealType' | 'caseNumber'>,
  fileNames: readonly string[],
  listed?: string | null,
): string | null {
  if (listed) {
    const exact = fileNames.find((f) => fold(f).normalize('NFC') === fold(listed).normalize('NFC'))
    if (exact) return exact
  }
  const matches = fileNames.filter((f) => pdfFileMatches(record, f)).sort()
  return matches[0] ?? null
}

/** The first of two fields that says something. */
const pick = (a: string | number | null | undefined, b: string | number | null | undefined) =>
  cleanText(a) ?? cleanText(b)

function caseNumberOf(
  appealType: string,
  n: { number: number; year: number },
  district: string | null,
): string {
  return `${appealType} ${n.number}-${n.year}${district ? `/${district}` : ''}`
}

function identifierOf(
  appealType: string,
  n: { number: number; year: number },
  district: string | null,
): string {
  return [slug(appealType), String(n.number), String(n.year), district ? slug(district) : '']
    .filter(Boolean)
    .join('-')
}

function normalise(
  raw: RawRecord,
  index: number,
  pdfFiles: readonly string[],
  warnings: string[],
): RulingRecord | null {
  const appealType = cleanText(raw.fields.recurso)
  const nroexp = cleanText(raw.fields.nroexp)
  const n = parseCaseNumber(nroexp)
  if (!appealType) {
    warnings.push(`Registro ${index}: sin tipo de recurso; se omite`)
    return null
  }
  if (!n) {
    warnings.push(
      `Registro ${index}: número de expediente ilegible (${JSON.stringify(nroexp ?? '')}); se omite`,
    )
    return null
  }
  const res = raw.detail?.resolucion ?? {}
  const proc = raw.detail?.proceso ?? {}
  const district = cleanText(proc.distritoJudicialDeProcedencia)
  const rawDate = pick(raw.fields.fechaResolucion, res.fechaDeLaResolucion)
  const date = toIsoDate(rawDate)
  if (rawDate && !date)
    warnings.push(`Registro ${index}: fecha no reconocida (${rawDate}); se conserva como está`)
  const caseNumber = caseNumberOf(appealType, n, district)
  const partial = { appealType, caseNumber }
  return {
    caseNumber,
    identifier: identifierOf(appealType, n, district),
    appealType,
    chamber: pick(raw.fields.sala, proc.sala),
    date: date ?? rawDate,
    claims: splitList(pick(raw.fields.pretensiones, proc.pretensionDelito)),
    keywords: splitList(pick(raw.fields.palabras, res.palabrasClave)),
    judges: splitList(res.juecesSupremos),
    reportingJudge: cleanText(res.ponente),
    outcome: cleanText(res.falloSentidoDeLaResolucion),
    // The detail's sumilla keeps the spaces the listing's loses ('causal.Empero' / 'causal. Empero').
    summary: pick(res.sumilla, raw.fields.sumilla),
    citedNorms: splitList(pick(raw.fields.normaDI, res.normaDeDerechoInterno)),
    pdfFile: findPdfFile(partial, pdfFiles, cleanText(raw.pdfFile)),
  }
}

/**
 * The parsed metadata.json → records. A record that does not validate is skipped with a warning naming its index;
 * the others go on. `pdfFiles` are the names of the files in pdf/: a record gets `pdfFile` only when its PDF is
 * among them. Identifiers are unique: a record repeated word for word is dropped, a different ruling that would
 * take an identifier already given gets '-2', '-3'…
 */
export function parseRulingMetadata(
  json: unknown,
  pdfFiles: readonly string[] = [],
): { records: RulingRecord[]; warnings: string[] } {
  const warnings: string[] = []
  if (!Array.isArray(json)) {
    return { records: [], warnings: ['metadata.json no contiene una lista de registros'] }
  }
  const records: RulingRecord[] = []
  const byId = new Map<string, { record: RulingRecord; index: number; key: string }>()
  json.forEach((item, index) => {
    const parsed = rawRecord.safeParse(item)
    if (!parsed.success) {
      const where = [...new Set(parsed.error.issues.map((i) => i.path.join('.')).filter(Boolean))].join(', ')
      warnings.push(`Registro ${index}: formato no válido${where ? ` en ${where}` : ''}; se omite`)
      return
    }
    const record = normalise(parsed.data, index, pdfFiles, warnings)
    if (!record) return
    const key = JSON.stringify({ ...record, identifier: '' })
    const previous = byId.get(record.identifier)
    if (previous) {
      if (previous.key === key) {
        warnings.push(
          `Registro ${index}: repite el registro ${previous.index} (${record.identifier}); se omite`,
        )
        return
      }
      let n = 2
      while (byId.has(`${record.identifier}-${n}`)) n++
      warnings.push(
        `Registro ${index}: identificador ${record.identifier} ya usado; pasa a ser ${record.identifier}-${n}`,
      )
      record.identifier = `${record.identifier}-${n}`
    }
    byId.set(record.identifier, { record, index, key })
    records.push(record)
  })
  return { records, warnings }
}

/**
 * A PDF without a metadata record still becomes a document: the record its file name gives ('Apelacion-000169-
 * 2025__…pdf' → Apelación 169-2025, identifier APELACION-169-2025). No district, date or judges: the name has none
 * (its timestamp is the notification's, not the ruling's date).
 */
export function recordFromPdfFileName(fileName: string): RulingRecord {
  const base = fileName.replace(/^.*[/\\]/, '')
  const parsed = parsePdfFileName(base)
  const appealType = parsed?.appealType ?? 'Resolución'
  const caseNumber = parsed
    ? caseNumberOf(appealType, parsed, null)
    : (cleanText(base.replace(/\.pdf$/i, '')) ?? base)
  return {
    caseNumber,
    identifier: parsed
      ? identifierOf(appealType, parsed, null)
      : slug(base.replace(/\.pdf$/i, '')) || 'RESOLUCION',
    appealType,
    chamber: null,
    date: null,
    claims: [],
    keywords: [],
    judges: [],
    reportingJudge: null,
    outcome: null,
    summary: null,
    citedNorms: [],
    pdfFile: base,
  }
}
