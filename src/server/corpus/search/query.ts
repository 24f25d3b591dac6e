import { type DocumentMention, findDocumentMention, type NormName } from './document-aliases'
import { domainNorms } from './domains'
import { fold, withoutEnclitics, words } from './normalize'
import { type ArticleReference, findArticleReference } from './reference'
import { QUERY_STOPWORDS } from './stoplist'
import { expand } from './thesaurus'

/**
 * One idea of the question: a subject word of the user's on its own, or a colloquial phrase the thesaurus knows
 * with the law's words for it ('me botaron' → despido, arbitrario…). A passage covers the idea when it holds any
 * of its words: 'animal' covers 'perro', which the law never says.
 */
export type QueryUnit = {
  /** The user's subject word (folded) the idea is made of; none for a phrase's new meaning. */
  user: string[]
  /** The law's words the thesaurus adds for it. */
  added: string[]
  /**
   * Those of them a phrase of the question brought ('toda mi herencia' → legítima): what the phrase means, not
   * another way to say one of its words, so they weigh more than mere synonyms (concepts.ts).
   */
  phrase: string[]
}

export type AnalyzedQuery = {
  folded: string
  /** Every word of the query, for highlighting. */
  words: string[]
  reference: ArticleReference | null
  /** The norm the query names ('CC', 'LPDP', 'ley 29733'), whose passages are preferred. */
  mention: DocumentMention | null
  /** The norms of the areas of law its words belong to (see domains.ts), preferred a little. */
  domains: string[]
  units: QueryUnit[]
}

const REFERENCE_WORDS =
  /\b(?:articulos?|arts?)\b\.?\s*(?:n\.?\s*)?(?:\d{1,4}(?:\s*-?\s*(?:bis|ter|quater|[a-z])\b)?|[ivxl]{1,6}\b)?/g

const isSubject = (word: string) => !QUERY_STOPWORDS.has(word) && !/^\d+$/.test(word) && word.length > 1

/**
 * What a question asks, before touching the index: a direct article reference, the norm it names, and its ideas —
 * the user's subject words (conversation words dropped), each colloquial phrase with the law's words for it.
 */
export function analyzeQuery(q: string, titles: readonly NormName[] = []): AnalyzedQuery {
  const folded = fold(q)
  const reference = findArticleReference(folded, titles)
  const mention = reference?.document ?? findDocumentMention(folded, titles)
  // The norm's name and the article number are not subject words: 'codigo civil' would match every article of it.
  let rest = folded
  if (mention) rest = `${rest.slice(0, mention.start)} ${rest.slice(mention.end)}`
  if (reference) rest = rest.replace(REFERENCE_WORDS, ' ')
  const all = words(rest).map(withoutEnclitics)
  const expansion = expand(all)
  const subject = (i: number) => !expansion.slang.has(i) && isSubject(all[i]!)
  // Each subject word of the user's is an idea; a passage should hold them all. The thesaurus' words for a key of
  // one word ('perro' → animal), or for a phrase that repeats its words ('pension de alimentos' → alimentos,
  // pension alimenticia), are other ways to say those ideas. A phrase whose meaning is new ('cerrar el congreso'
  // → disolución, 'me botaron' → despido) is an idea of its own.
  const units: QueryUnit[] = []
  const byWord = new Map<string, QueryUnit>()
  all.forEach((word, i) => {
    if (!subject(i) || byWord.has(word)) return
    const unit: QueryUnit = { user: [word], added: [], phrase: [] }
    byWord.set(word, unit)
    units.push(unit)
  })
  for (const m of expansion.matches) {
    const own = [...new Set(m.at.filter(subject).map((i) => all[i]!))]
    const added = m.words.filter((w) => !QUERY_STOPWORDS.has(w))
    if (own.length === 1 || own.some((w) => m.words.includes(w))) {
      for (const w of own) {
        const unit = byWord.get(w)!
        for (const a of added) {
          if (a === w) continue
          if (!unit.added.includes(a)) unit.added.push(a)
          if (m.at.length > 1 && !unit.phrase.includes(a)) unit.phrase.push(a)
        }
      }
    } else if (added.length) units.push({ user: [], added, phrase: [] })
  }
  return { folded, words: words(folded), reference, mention, domains: domainNorms(all), units }
}
