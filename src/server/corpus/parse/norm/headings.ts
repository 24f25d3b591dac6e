/**
 * Headings (sumillas) of articles and dispositions: whether a piece of text looks like a heading or like a
 * sentence of law text, how a run-in heading ends ('Refrendo El presente…'), the clean-up of a heading's
 * punctuation and brackets, and `splitHeading`, which separates what follows a unit's number into heading
 * and text.
 */
import { type Line, leadAndRest } from './lines'

export const capitalise = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1).toLowerCase() : s)

/** Words that open a sentence of law text, so they end a run-in heading ('Refrendo El presente…'). */
const STARTERS = new Set(
  'El La Los Las Lo Toda Todo Todos Todas Se Son Es Para Cuando Si No Nadie Ninguna Ninguno Ningún Queda Quedan Cada Mediante Excepcionalmente Asimismo Constituye Constituyen Corresponde Compete Está Están Un Una Dentro Durante Salvo Sólo Solo Tratándose Este Esta Estos Estas Dicho Dicha Mientras Hasta Desde Por En Las Al Ante Sus Su'.split(
    ' ',
  ),
)
export const FUNCTION_WORDS = new Set(
  'de del la el los las y e o u a al en por para con su sus que según sobre ante entre sin'.split(' '),
)
const IMPERATIVE_SE_RE = /^\p{Lu}\p{Ll}*[áéíóú]\p{Ll}*(?:se|nse)$/u
export const VERBISH_RE =
  /\s(?:se|es|son|será|serán|debe|deben|podrá|podrán|tiene|tienen|está|están|hay|puede|pueden)\s/

export function isHeadingLike(s: string, strong: boolean): boolean {
  if (!s || s.length > (strong ? 250 : 160)) return false
  if (!/^[\p{Lu}¿(\d]/u.test(s)) return false
  if (/[;:,]$/.test(s)) return false
  if (!strong && /\.$/.test(s) && !/\b[A-Z]\.$/.test(s)) return false
  // 'La presente Ley determina la estructura del Poder Judicial y define los' is a sentence, cut by the PDF.
  if (!strong && STARTERS.has(s.slice(0, s.indexOf(' '))) && s.split(' ').length > 8) return false
  return true
}

/** 'Refrendo El presente Decreto Legislativo…' → heading 'Refrendo', text 'El presente…' (OCR and El Peruano). */
function splitRunIn(s: string): { heading: string; text: string } | null {
  const words = s.split(' ')
  const first = words[0] ?? ''
  if (STARTERS.has(first) || IMPERATIVE_SE_RE.test(first) || !/^\p{Lu}/u.test(first)) return null
  const limit = Math.min(words.length - 1, 14)
  for (let i = 1; i <= limit; i++) {
    const w = words[i]!
    const prev = words[i - 1]!
    const sentenceEnd = /[.]$/.test(prev) && /^\p{Lu}/u.test(w)
    const starter = (STARTERS.has(w) || IMPERATIVE_SE_RE.test(w)) && !FUNCTION_WORDS.has(prev.toLowerCase())
    if (!sentenceEnd && !starter) {
      if (/[,;:]$/.test(prev)) return null
      continue
    }
    const heading = words.slice(0, i).join(' ')
    if (VERBISH_RE.test(` ${heading} `)) return null
    return { heading: cleanHeading(heading), text: words.slice(i).join(' ') }
  }
  return null
}

export function cleanHeading(s: string): string {
  return s
    .replace(/^[\s.:\-–—]+/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/[\s.:\-–—]+$/, '')
    .replace(/^["“”]+|["“”]+$/g, '')
    .trim()
}

const DEROGADO_RE = /^[([]?\s*(derogad[oa]s?|DEROGAD[OA]S?)\s*\.?\s*[)\]]?$/i

/**
 * Separates what follows an article or disposition number into heading and text, using the emphasis of the
 * source when there is one (`**Artículo 1.- Objeto**` vs `**Artículo 1.-** La ley…`) and the shape of the
 * words otherwise.
 */
export function splitHeading(
  rest: string,
  line: Line,
  reparse: (s: string) => string | null,
  continues: boolean,
): { heading: string | null; text: string } {
  let heading: string | null = null
  let text = rest
  const lr = leadAndRest(line.raw)
  const boldRest = lr ? reparse(lr.lead) : null
  if (lr && boldRest !== null) {
    const candidate = cleanHeading(boldRest)
    // A bold sentence announcing a list or a transcription ('…de la siguiente manera:') is text.
    const sentence =
      /[;:,]\s*$/.test(boldRest) || (candidate.length > 120 && VERBISH_RE.test(` ${candidate} `))
    if (!candidate || (!sentence && isHeadingLike(candidate, true)) || DEROGADO_RE.test(candidate)) {
      heading = candidate || null
      text = lr.rest.replace(/^[\s.:\-–—]+/, '')
    }
  } else if (line.md && isHeadingLike(cleanHeading(rest), true)) {
    heading = cleanHeading(rest) || null
    text = ''
  }
  if (heading === null && text === rest && rest) {
    if (rest[0] === '[') {
      const close = rest.indexOf(']')
      if (close > 0) {
        heading = cleanHeading(rest.slice(1, close))
        text = rest.slice(close + 1).trim()
      } else if (close < 0 && rest.length <= 200) {
        // '[Reforma constitucional*': the publisher forgot the closing bracket.
        heading = cleanHeading(rest.slice(1))
        text = ''
      }
    } else if (continues) {
      // The sentence goes on in the next line (hard-wrapped PDF text): only a run-in heading is possible.
      const split = splitRunIn(rest)
      if (split) {
        heading = split.heading
        text = split.text
      }
    } else if (isHeadingLike(rest, false)) {
      heading = cleanHeading(rest)
      text = ''
    } else {
      const split = splitRunIn(rest)
      if (split) {
        heading = split.heading
        text = split.text
      }
    }
  }
  if (heading && DEROGADO_RE.test(heading)) {
    text = text
      ? `(${capitalise(heading.replace(/[^\p{L}]/gu, ''))}) ${text}`
      : `(${capitalise(heading.replace(/[^\p{L}]/gu, ''))})`
    heading = null
  }
  text = text.replace(/^[”"]\s*/, '').replace(/^\[(derogad[oa]s?)\]/i, '($1)')
  return { heading: heading || null, text }
}
