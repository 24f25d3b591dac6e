/**
 * Structure headings of a norm: PARTE, LIBRO, SECCIÓN, TÍTULO, CAPÍTULO… with their designator and name
 * (`parseStruct`) and their relative rank, and the headings of disposiciones blocks ('DISPOSICIONES
 * COMPLEMENTARIAS FINALES') with the slug and label words their items take (`parseBlock`).
 */
import { cleanHeading } from './headings'
import { stripAccents } from './lines'
import { ORD } from './ordinals'

// Structure headings ------------------------------------------------------------------------------------

export type StructKind =
  | 'PARTE'
  | 'LIBRO'
  | 'SECCIÓN'
  | 'SUBSECCIÓN'
  | 'TÍTULO'
  | 'SUBTÍTULO'
  | 'CAPÍTULO'
  | 'SUBCAPÍTULO'
export const STRUCT_RANK: Record<StructKind, number> = {
  PARTE: 0,
  LIBRO: 1,
  SECCIÓN: 2,
  SUBSECCIÓN: 2.5,
  TÍTULO: 3,
  SUBTÍTULO: 3.5,
  CAPÍTULO: 4,
  SUBCAPÍTULO: 5,
}
const STRUCT_RE =
  /^(LIBRO|SECCI[ÓO]N|SUBSECCI[ÓO]N|T[ÍI]TULO|SUBT[ÍI]TULO|CAP[ÍI]TULO|SUB[- ]?CAP[ÍI]TULO|PARTE)\s+(.*)$/i
const DESIGNATOR_RE = new RegExp(
  `^(?:(PRELIMINAR|FINAL|COMPLEMENTARI[OA]|${ORD})(?![\\p{L}\\d])|([IVXLC]{1,6}(?:-[A-Z])?|\\d{1,3}(?:-[A-Z])?|[A-Z])(?![\\p{L}\\d]))`,
  'iu',
)

function structKind(word: string): StructKind {
  const w = stripAccents(word.toUpperCase()).replace(/[- ]/g, '')
  if (w === 'LIBRO') return 'LIBRO'
  if (w === 'SECCION') return 'SECCIÓN'
  if (w === 'SUBSECCION') return 'SUBSECCIÓN'
  if (w === 'TITULO') return 'TÍTULO'
  if (w === 'SUBTITULO') return 'SUBTÍTULO'
  if (w === 'CAPITULO') return 'CAPÍTULO'
  if (w === 'SUBCAPITULO') return 'SUBCAPÍTULO'
  return 'PARTE'
}

export type Struct = { kind: StructKind; designator: string; name: string; nameIndex?: number }

export function parseStruct(plain: string): Struct | null {
  if (plain.length > 250) return null
  const m = STRUCT_RE.exec(plain)
  if (!m) return null
  const kind = structKind(m[1]!)
  const d = DESIGNATOR_RE.exec(m[2]!)
  if (!d) return null
  // Single letters and Roman numerals must be capitals: 'Capítulo a' is prose.
  if (d[2] && !/^[IVXLC\d]/.test(d[2]) && !/^[A-Z]$/.test(d[2])) return null
  if (d[2] && /^[ivxlc]/.test(d[2])) return null
  if (kind === 'PARTE' && !d[2] && !/^(?:primer|segund|tercer|cuart|quint|[úu]nic)/i.test(d[1] ?? ''))
    return null
  const after = m[2]!.slice(d[0].length)
  const sep = /^\s*[.:\-–—]*\s*/.exec(after)!
  const name = cleanHeading(after.slice(sep[0].length))
  if (name && !/[.:\-–—]/.test(sep[0]) && !/^[\p{Lu}(“"«¿]/u.test(name)) return null
  // Budget tables: 'SECCIÓN PRIMERA : Gobierno Central', 'SECCIÓN SEGUNDA : Instancias Descentralizadas'.
  if (kind === 'SECCIÓN' && /^(?:Gobierno Central|Instancias Descentralizadas)\b/i.test(name)) return null
  return { kind, designator: (d[1] ?? d[2]!).toUpperCase().replace(/\s+/g, ' '), name }
}

// Disposiciones blocks -----------------------------------------------------------------------------------

export type Block = { slug: string; labelWords: string; title: string; singular: boolean }

const BLOCK_WORDS: [RegExp, string, string][] = [
  [/^COMPLEMENTA/, 'complementaria', 'Complementaria'],
  [/^TRANSITORI/, 'transitoria', 'Transitoria'],
  [/^FINAL/, 'final', 'Final'],
  [/^MODIFICATORI/, 'modificatoria', 'Modificatoria'],
  [/^DEROGATORI/, 'derogatoria', 'Derogatoria'],
  [/^ADICIONAL/, 'adicional', 'Adicional'],
  [/^ESPECIAL/, 'especial', 'Especial'],
]

export function parseBlock(plain: string): Block | null {
  if (plain.length > 120) return null
  const m = /^DISPOSICI[ÓO]N(ES)?\s+(.+?)[\s.:]*$/i.exec(plain)
  if (!m) return null
  const slugs: string[] = []
  const labels: string[] = []
  let unica = false
  for (const token of stripAccents(m[2]!.toUpperCase()).split(/[\s,]+/)) {
    if (!token) continue
    if (token === 'Y' || token === 'E') {
      if (labels.length) labels.push('y')
      continue
    }
    if (token === 'UNICA') {
      unica = true
      continue
    }
    const hit = BLOCK_WORDS.find(([re]) => re.test(token))
    if (!hit) return null
    if (!slugs.includes(hit[1])) slugs.push(hit[1])
    labels.push(hit[2])
  }
  if (!slugs.length) return null
  while (labels[labels.length - 1] === 'y') labels.pop()
  const title = plain.replace(/[\s.:]+$/, '').toUpperCase()
  return {
    slug: slugs.join('-'),
    labelWords: `Disposición ${labels.join(' ')}`,
    title,
    singular: !m[1] || unica,
  }
}
