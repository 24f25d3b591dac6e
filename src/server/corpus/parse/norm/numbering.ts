/**
 * Heads of the units a norm is made of: article headings ('Artículo 2-A.-', 'Artículos 70-75', 'Art. 6',
 * 'Artículo Primero', 'Norma IV') and disposition headings ('TERCERA.-' inside a disposiciones block), parsed
 * into a `Head` with its number, label, sequence value, heading and text, plus the rules that tell a heading
 * that starts a provision from a citation of one.
 */
import { capitalise, splitHeading } from './headings'
import { type Line, stripAccents } from './lines'
import { ORD, ordinalSlug, ordinalValue, romanValue } from './ordinals'
import type { Block } from './structure'

export type Head = {
  number: string
  label: string
  /** Numeric base for plain articles (112 for '112', '112-A'); null otherwise. */
  base: number | null
  /** Value used to check that a heading is the next one in sequence (articles: base or Roman; dispositions: ordinal). */
  seq: number | null
  /** Numbers covered by a range heading ('Artículos 70-75'). */
  range: [number, number] | null
  plainNumber: boolean
  heading: string | null
  text: string
}

/** 'Norma IV' is how the Código Tributario numbers its Título Preliminar. */
export const ART_KEY_RE =
  /^(?:ART[ÍI]CULOS?|Art[íi]culos?|ARTICULOS?|Art\.|ART\.|Arts\.|NORMA(?= [IVX])|Norma(?= [IVX]))(?=[\s\d:]|$):?/
// '%' is how OCR reads 'º' ('Artículo 1%.-').
const NUM_RE = /^(\d{1,4})(?:\s?[°º%]|o(?=\s?\.))?/
const RANGE_RE = /^\s*(?:-|–|al|a|hasta(?:\s+el)?|y)\s*(?:art[íi]culo\s*)?(\d{1,4})(?:\s?[°º])?/i
const SUFFIX_WORD_RE =
  /^(?:\s?[-–]\s?|\s)?(bis|ter|qu[áa]ter|quinquies|sexies|septies|octies|novies|nonies|decies)(?![\p{L}])/iu
const SUFFIX_LETTER_RE = /^(?:[-–]|\s?[-–]\s?(?=[A-ZÑ]\s*(?:$|[.\-–:°º])))([A-ZÑ])(?![\p{L}\d])/u
const SUFFIX_GLUED_RE = /^([A-ZÑ])(?=$|[\s.\-–:°º)])/
const SUFFIX_SPACED_RE = /^\s([A-Z])(?=\s*(?:$|[.\-–:°º]))/
const SUFFIX_NUM_RE = /^[-–](\d{1,3})(?!\d)/
const DOTTED_RE = /^\.(\d{1,3})(?=\s*[:–-]|\s*\.\s*[-–]|\s+\p{Lu})/u
const ROMAN_RE = /^([IVXLC]{1,7})(?![\p{L}\d])/u
const SEP_RE = /^\s*[°º”"]?\s*(\.\s*[-–—]+|[-–—]+|\.|:|\))?\s*/
const ORD_WORD_RE = new RegExp(`^(${ORD})(?![\\p{L}])`, 'iu')

type NumberParse = {
  /** Written 'Art.' rather than 'Artículo'. */
  abbreviated: boolean
  number: string
  label: string
  base: number | null
  seq: number | null
  range: [number, number] | null
  plainNumber: boolean
  sep: string
  rest: string
}

/** Parses 'Artículo 2-A.- Rest' (keyword already known to be there). */
export function parseArticleNumber(plain: string): NumberParse | null {
  const key = ART_KEY_RE.exec(plain)
  if (!key) return null
  const plural = /s$/i.test(key[0])
  const norma = /^norma/i.test(key[0])
  let s = plain.slice(key[0].length).replace(/^\s+/, '')
  let number: string
  let label: string
  let base: number | null = null
  let seq: number | null = null
  let range: [number, number] | null = null
  let plainNumber = false
  const num = norma ? null : NUM_RE.exec(s)
  if (num) {
    const n = Number(num[1])
    s = s.slice(num[0].length)
    base = n
    seq = n
    number = String(n)
    label = `Artículo ${n}`
    plainNumber = true
    const rangeM = RANGE_RE.exec(s)
    const wordM = SUFFIX_WORD_RE.exec(s)
    // 'Artículos 70-75', 'Artículos 345º al 348º'; singular only with words: 'Artículo 1055 hasta el 1090'.
    const rangeOk = rangeM && Number(rangeM[1]) > n && (plural || /^\s*(?:al|hasta)\b/i.test(rangeM[0]))
    if (rangeM && rangeOk) {
      range = [n, Number(rangeM[1])]
      s = s.slice(rangeM[0].length)
      number = `${n}-${range[1]}`
      label = `Artículos ${n} a ${range[1]}`
      plainNumber = false
    } else if (DOTTED_RE.test(s)) {
      // Treaties number their articles by chapter: 'Artículo 1.1: Establecimiento de la Zona de Libre Comercio'.
      const m = DOTTED_RE.exec(s)!
      number = `${n}.${m[1]}`
      label = `Artículo ${number}`
      s = s.slice(m[0].length)
      plainNumber = false
      seq = null
    } else if (wordM) {
      const w = stripAccents(wordM[1]!.toLowerCase())
      number = `${n}-${w}`
      label = `Artículo ${n} ${w}`
      s = s.slice(wordM[0].length)
      plainNumber = false
    } else {
      const letter = SUFFIX_LETTER_RE.exec(s) ?? SUFFIX_GLUED_RE.exec(s) ?? SUFFIX_SPACED_RE.exec(s)
      const numeric = letter ? null : SUFFIX_NUM_RE.exec(s)
      if (letter) {
        number = `${n}-${letter[1]}`
        label = `Artículo ${number}`
        s = s.slice(letter[0].length)
        plainNumber = false
      } else if (numeric && !plural) {
        number = `${n}-${numeric[1]}`
        label = `Artículo ${number}`
        s = s.slice(numeric[0].length)
        plainNumber = false
      }
    }
  } else {
    const roman = ROMAN_RE.exec(s)
    const ord = roman ? null : ORD_WORD_RE.exec(s)
    if (roman) {
      number = roman[1]!
      seq = romanValue(number)
      if (seq === null) return null
      label = `${norma ? 'Norma' : 'Artículo'} ${number}`
      s = s.slice(roman[0].length)
    } else if (ord && !norma) {
      const slug = ordinalSlug(ord[1]!)
      number = slug
      seq = ordinalValue(slug)
      label = slug === 'unico' ? 'Artículo único' : `Artículo ${capitalise(ord[1]!)}`
      s = s.slice(ord[0].length)
    } else {
      return null
    }
  }
  const sep = SEP_RE.exec(s)!
  const abbreviated = /^Arts?\./i.test(key[0])
  return {
    abbreviated,
    number,
    label,
    base,
    seq,
    range,
    plainNumber,
    sep: sep[1] ?? '',
    rest: s.slice(sep[0].length),
  }
}

export const isStrongSep = (sep: string): boolean => /[-–—]/.test(sep)

/** Accepts an article heading only where the text starts a provision, not where it cites one. */
function acceptRest(p: NumberParse, wrapped: boolean): boolean {
  const rest = p.rest
  // Bare 'Art. 6' lines are concordancias and tables of amendments ('Art. 11 MODIFICADO por…').
  if (p.abbreviated && !p.sep) return false
  if (/^(?:MODIFICAD|INCORPORAD|DEROGAD|SUSTITUID|ADICIONAD)[OA]S?\s+(?:POR|por)\b/.test(rest)) return false
  if (!rest) return !wrapped || p.sep !== ''
  const first = rest[0]!
  if (/\p{Ll}/u.test(first) || /\d/.test(first)) return isStrongSep(p.sep) && !wrapped
  if (/[\p{Lu}[(¿“"«]/u.test(first)) return !wrapped || isStrongSep(p.sep)
  return false
}

export function parseArticleHead(line: Line, wrapped: boolean, continues: boolean): Head | null {
  const p = parseArticleNumber(line.plain)
  if (!p || !acceptRest(p, wrapped)) return null
  const reparse = (lead: string): string | null => {
    const q = parseArticleNumber(lead)
    return q && q.number === p.number ? q.rest : null
  }
  const { heading, text } = splitHeading(p.rest, line, reparse, continues)
  return { ...p, heading, text }
}

export const DISP_ITEM_RE = new RegExp(`^(${ORD})\\s*(?=[.\\-–—:)\\s]|$)`, 'iu')

export function parseDispositionHead(line: Line, block: Block, continues: boolean): Head | null {
  const m = DISP_ITEM_RE.exec(line.plain)
  if (!m) return null
  const after = line.plain.slice(m[0].length)
  const sep = SEP_RE.exec(after)!
  const rest = after.slice(sep[0].length)
  if (!sep[1] && rest && rest[0] !== '[') return null
  const slug = ordinalSlug(m[1]!)
  const number = `${slug}-${block.slug}`
  const label = `${capitalise(m[1]!.replace(/\s+/g, ' '))} ${block.labelWords}`
  const reparse = (lead: string): string | null => {
    const q = DISP_ITEM_RE.exec(lead)
    if (!q) return null
    const a = lead.slice(q[0].length)
    return a.slice(SEP_RE.exec(a)![0].length)
  }
  const { heading, text } = splitHeading(rest, line, reparse, continues)
  return {
    number,
    label,
    base: null,
    seq: ordinalValue(slug),
    range: null,
    plainNumber: false,
    heading,
    text,
  }
}
