import { soundKey } from './morphology'
import { fold } from './normalize'
import { THESAURUS } from './thesaurus-entries'

/**
 * People's words → the law's words. Each entry's keys are folded words or phrases as people type them; its
 * expansion is the legal wording added to the query with less weight than the user's own words. A key word
 * matches its inflections ('despidieron' ~ 'despidieron', 'renuncio' ~ 'renunciar'), or every word it begins when
 * it ends in '*'. A key starting with '!' is slang whose own word means something else in the law ('chamba',
 * 'plata', 'pata'): the user's word is dropped and only the expansion searched.
 */
type KeyWord = { text: string; sound: string }
type Entry = { keys: { words: KeyWord[]; slang: boolean }[]; expansion: string[] }

const TABLE: Entry[] = THESAURUS.map(([keys, expansion]) => ({
  keys: keys.map((raw) => {
    const slang = raw.startsWith('!')
    // fold() would drop the '*' of prefix keys: fold around it.
    const words = (slang ? raw.slice(1) : raw).split(' ').map((w) => {
      const text = fold(w) + (w.endsWith('*') ? '*' : '')
      return { text, sound: soundKey(text) }
    })
    return { words, slang }
  }),
  expansion: fold(expansion).split(' ').filter(Boolean),
}))

/** A query word, with its sound key computed once. */
type QueryWord = { text: string; sound: string }

/** Does a query word match a key word? Short keys match themselves and their plurals only. */
function matches(key: KeyWord, word: QueryWord): boolean {
  const k = key.text
  const w = word.text
  if (k.endsWith('*')) return w.startsWith(k.slice(0, -1))
  if (w === k) return true
  if (k.length <= 5) return w === `${k}s` || w === `${k}es`
  if (w.startsWith(k.slice(0, Math.max(5, k.length - 2))) && w.length <= k.length + 3) return true
  // Misspelt by sound: 'divorsio', 'indemnisacion', 'arendamiento'.
  return w.length >= 6 && word.sound === key.sound
}

export function keyMatches(key: string, word: string): boolean {
  return matches({ text: key, sound: soundKey(key) }, { text: word, sound: soundKey(word) })
}

/** The positions where a key's words appear in order, with at most `gap` other words between two of them. */
function matchAt(key: KeyWord[], words: QueryWord[], gap = 2): number[] | null {
  for (let start = 0; start < words.length; start++) {
    if (!matches(key[0]!, words[start]!)) continue
    const at = [start]
    let i = start
    for (let k = 1; k < key.length; k++) {
      let found = -1
      for (let j = i + 1; j <= Math.min(words.length - 1, i + 1 + gap); j++) {
        if (matches(key[k]!, words[j]!)) {
          found = j
          break
        }
      }
      if (found < 0) break
      at.push(found)
      i = found
    }
    if (at.length === key.length) return at
  }
  return null
}

/** One entry that matched: the query words its key covered, and the law's words it adds. */
export type ThesaurusMatch = { at: number[]; words: string[] }

export type Expansion = {
  /** Legal words to add, folded, none of them a query word. */
  words: string[]
  matches: ThesaurusMatch[]
  /** Indexes of query words that matched some key. */
  matched: Set<number>
  /** Indexes of query words that are slang to drop. */
  slang: Set<number>
}

/** The thesaurus' words for a folded, tokenised query. */
export function expand(queryWords: string[]): Expansion {
  const out = new Set<string>()
  const matches: ThesaurusMatch[] = []
  const matched = new Set<number>()
  const slang = new Set<number>()
  const query = queryWords.map((text) => ({ text, sound: soundKey(text) }))
  for (const { keys, expansion } of TABLE) {
    // Every key of the entry that matches adds its words, once: one idea.
    const covered = new Set<number>()
    for (const key of keys) {
      const at = matchAt(key.words, query)
      if (!at) continue
      for (const i of at) {
        covered.add(i)
        matched.add(i)
        if (key.slang) slang.add(i)
      }
    }
    if (!covered.size) continue
    for (const e of expansion) out.add(e)
    matches.push({ at: [...covered].sort((a, b) => a - b), words: expansion })
  }
  const own = new Set(queryWords.filter((_, i) => !slang.has(i)))
  return { words: [...out].filter((w) => !own.has(w)), matches, matched, slang }
}

/** Legal words to add for a folded query (see expand). */
export function expandQuery(queryWords: string[]): string[] {
  return expand(queryWords).words
}
