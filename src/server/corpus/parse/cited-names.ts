import { loadPackManifest } from '../pack/manifest'
import { fold } from '../search/normalize'
import { stripAccents } from './norm/lines'

/**
 * A name a norm's text gives a norm it cites: 'Ley N° 27972, Ley Orgánica de Municipalidades' → LEY-27972,
 * 'ley organica de municipalidades'. `cited` is the kind and number as normNumber (search/display-titles.ts) gives
 * them for every file of that norm.
 */
export type CitedName = { cited: string; name: string }

// Kinds whose numbers restart each year are cited with their year: a number alone does not say which norm.
const KINDS = loadPackManifest().numberedNorms.filter((k) => !k.yearly)
const CITATION = KINDS.length
  ? new RegExp(
      `\\b(?:${KINDS.map((k) => `(${k.said.join('|')})`).join('|')})\\s*(?:n[°º.o]*\\s*)?(\\d{3,5})\\s*,\\s*([^,;.()"“”]{8,140})`,
      'g',
    )
  : null
/** A name starts as a norm's does ('Ley de…', 'Decreto Legislativo que…'): not 'publicado el…', 'es causal de…'. */
const STARTS_AS_NAME = new RegExp(`^(?:${KINDS.flatMap((k) => k.said).join('|')})\\b`)
/**
 * A name ends where the citation goes on ('…, Ley de X y sus modificatorias', '… o norma que la sustituya', '… y el
 * literal b)', '…, Ley de X, aprobada por'): those words, a lone letter or a dash left at the end go.
 */
const TAIL =
  /\s+(?:y|e|o)\s+(?:sus?|normas?|(?:el|la|los|las)\s+(?:literal|articulo|numeral|inciso|parrafo)e?s?)\b.*$|(?:\s+[a-z])+$|[\s-]+$/
function withoutTail(name: string): string {
  for (let shorter = name.replace(TAIL, ''); shorter !== name; shorter = name.replace(TAIL, ''))
    name = shorter
  return name
}

/** Fewer words name a kind ('la ley', 'ley general'), not a norm. */
const MIN_WORDS = 3

/**
 * The names a norm's passages give the numbered norms they cite, each (cited, name) once. Read at ingestion, once
 * per file: which of them a norm is known by is decided over the whole folder (search/names-from-citations.ts).
 */
export function citedNamesIn(texts: readonly string[]): CitedName[] {
  if (!CITATION) return []
  const seen = new Map<string, CitedName>()
  for (const raw of texts) {
    // Lower case without accents, as the pack's patterns are written; the commas that end a citation kept.
    const text = stripAccents(raw).toLowerCase()
    for (const m of text.matchAll(CITATION)) {
      const kind = KINDS.findIndex((_, i) => m[i + 1] !== undefined)
      const cited = `${KINDS[kind]!.prefix}-${Number(m[KINDS.length + 1])}`
      const name = withoutTail(fold(m[KINDS.length + 2]!))
      // A name with a number names the norm by another ('Ley que modifica la Ley N° 27785'): any of its amendments.
      if (name.split(' ').length < MIN_WORDS || !STARTS_AS_NAME.test(name) || /\d/.test(name)) continue
      seen.set(`${cited} ${name}`, { cited, name })
    }
  }
  return [...seen.values()]
}
