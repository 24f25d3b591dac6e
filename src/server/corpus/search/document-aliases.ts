import { loadPackManifest } from '../pack/manifest'
import { loadLawNames } from '../pack/pack-data'
import { fold } from './normalize'

/** A name a norm is known by (folded) and the identifiers of the file(s) that hold it. */
export type NormName = { phrase: string; identifiers: string[] }

/**
 * How people name the main norms, with the identifiers they mean (the country pack's law-names.json). Some codes
 * stand in two files (the Código Civil and the NCPP are split), so a name may stand for several.
 */
const TABLE: NormName[] = loadLawNames()
  .flatMap(({ names, identifiers }) => names.map((p) => ({ phrase: fold(p), identifiers })))
  .sort((a, b) => b.phrase.length - a.phrase.length)

/**
 * The country's numbered kinds of norm (pack.json numberedNorms), one group each, in the pack's order: a question's
 * 'ley 30364' → 'LEY-30364-*'. A kind, then an optional 'N°', the number and an optional year.
 */
const NUMBERED_KINDS = loadPackManifest().numberedNorms
const NUMBERED = NUMBERED_KINDS.length
  ? new RegExp(
      `\\b(?:${NUMBERED_KINDS.map((k) => `(${k.said.join('|')})`).join('|')})\\s*(?:n\\.? ?|nro\\.? ?|numero )?(\\d{3,5})(?:-(\\d{2,4}))?\\b`,
    )
  : null

export type DocumentMention = { identifiers: string[]; start: number; end: number; phrase: string }

const isWordChar = (ch: string | undefined) => !!ch && /[a-z0-9ñ]/.test(ch)

/** A name's first word (letters and digits), or '' when it starts otherwise. */
const firstWord = (phrase: string) => /^[a-z0-9ñ]+/.exec(phrase)?.[0] ?? ''

/**
 * Some names by their first word: a name stands in a query as whole words only where the query has that word, so a
 * query tries the few names that start with one of its words instead of every name of the folder's thousands.
 */
type NameIndex = { byWord: Map<string, number[]>; always: number[] }
const indexes = new WeakMap<readonly NormName[], NameIndex>()

function nameIndex(names: readonly NormName[]): NameIndex {
  let index = indexes.get(names)
  if (!index) {
    index = { byWord: new Map(), always: [] }
    for (let i = 0; i < names.length; i++) {
      const word = firstWord(names[i]!.phrase)
      if (!word) index.always.push(i)
      else {
        const list = index.byWord.get(word)
        if (list) list.push(i)
        else index.byWord.set(word, [i])
      }
    }
    indexes.set(names, index)
  }
  return index
}

/** The first of some names (longest first) that stands in the query as whole words. */
function firstName(folded: string, names: readonly NormName[]): DocumentMention | null {
  const index = nameIndex(names)
  const tried = [...index.always]
  for (const word of new Set(folded.match(/[a-z0-9ñ]+/g) ?? [])) tried.push(...(index.byWord.get(word) ?? []))
  // In the names' own order: the first that stands in the query wins, as when every name was tried.
  tried.sort((x, y) => x - y)
  for (const i of tried) {
    const { phrase, identifiers } = names[i]!
    for (let start = folded.indexOf(phrase); start >= 0; start = folded.indexOf(phrase, start + 1)) {
      const end = start + phrase.length
      if (!isWordChar(folded[start - 1]) && !isWordChar(folded[end]))
        return { identifiers, start, end, phrase }
    }
  }
  return null
}

/**
 * The norm a query names, if any: by one of the pack's names or, given them, by its title as the corpus writes it
 * ('ley general de sociedades', 'ley del teletrabajo'; see vocabulary.ts); the longest name wins ('codigo procesal
 * civil' over 'codigo civil'). Then a numbered norm ('ley 30364'). A number the person wrote apart from the name
 * wins over it ('la ley 27321, prescripcion de acciones laborales'): it is the exact reference, and the name's words
 * stay in the query to rank the law's articles. A name that holds the number ('decreto legislativo 728' → its TUO) is
 * the pack's reading of that number and stays.
 */
export function findDocumentMention(
  folded: string,
  titles: readonly NormName[] = [],
): DocumentMention | null {
  const byPack = firstName(folded, TABLE)
  const byTitle = firstName(folded, titles)
  const named =
    byPack && byTitle
      ? byTitle.phrase.length > byPack.phrase.length
        ? byTitle
        : byPack
      : (byPack ?? byTitle)
  const numbered = numberedMention(folded)
  if (named && numbered && (numbered.end <= named.start || numbered.start >= named.end)) return numbered
  return named ?? numbered
}

/** A numbered norm: 'ley 30364', 'decreto legislativo 1057', 'd.leg. 1057', 'decreto de urgencia 014-2019'. */
function numberedMention(folded: string): DocumentMention | null {
  const numbered = NUMBERED?.exec(folded)
  if (!numbered) return null
  const kind = NUMBERED_KINDS.findIndex((_, i) => numbered[i + 1] !== undefined)
  const [number, year] = [numbered[NUMBERED_KINDS.length + 1], numbered[NUMBERED_KINDS.length + 2]]
  // An identifier ends with the year ('DU-014-2019'), sometimes with more after it ('DS-004-2019-JUS-TUO-…').
  const fullYear = year?.length === 2 ? `${Number(year) > 50 ? 19 : 20}${year}` : year
  return {
    identifiers: [`${NUMBERED_KINDS[kind]!.prefix}-${number}-${fullYear ? `${fullYear}*` : '*'}`],
    start: numbered.index,
    end: numbered.index + numbered[0].length,
    phrase: numbered[0],
  }
}
