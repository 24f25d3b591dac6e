import { soundKey } from './morphology'
import { fold } from './normalize'
import { THESAURUS } from './thesaurus/index'

/**
 * People's words → the law's words. Each entry's keys are folded words or phrases as people type them; its
 * expansion is the legal wording added to the query with less weight than the user's own words. A key word
 * matches its inflections ('despidieron' ~ 'despidieron', 'renuncio' ~ 'renunciar'), or every word it begins when
 * it ends in '*'. A key starting with '!' is slang whose own word means something else in the law ('chamba',
 * 'plata', 'pata'): the user's word is dropped and only the expansion searched.
 */
export type KeyWord = { text: string; sound: string }

/** A key as written ('me botaron', 'chamba*'), folded word by word, with sound keys computed once. */
export function compileKey(raw: string): KeyWord[] {
  // fold() would drop the '*' of prefix keys: fold around it.
  return raw.split(' ').map((w) => {
    const text = fold(w) + (w.endsWith('*') ? '*' : '')
    return { text, sound: soundKey(text) }
  })
}

/** The words of a folded query, with their sound keys, for matching keys. */
export function queryWords(words: string[]): QueryWord[] {
  return words.map((text) => ({ text, sound: soundKey(text) }))
}
type Entry = { keys: { words: KeyWord[]; slang: boolean }[]; expansion: string[] }

const TABLE: Entry[] = THESAURUS.map(([keys, expansion]) => ({
  keys: keys.map((raw) => {
    const slang = raw.startsWith('!')
    return { words: compileKey(slang ? raw.slice(1) : raw), slang }
  }),
  expansion: fold(expansion).split(' ').filter(Boolean),
}))

/** A query word, with its sound key computed once. */
export type QueryWord = { text: string; sound: string }

const POSSESSIVES = new Set(['mi', 'tu', 'su'])

/** Does a query word match a key word? Keys of up to six letters match themselves and their plurals only. */
function matches(key: KeyWord, word: QueryWord): boolean {
  const k = key.text
  const w = word.text
  if (k.endsWith('*')) return w.startsWith(k.slice(0, -1))
  if (w === k) return true
  // Short keys are whole words ('pagare' is not 'pagar', 'casa' not 'casarme'), singular or plural either way —
  // but a key is no plural of a two-letter word ('sis' is not 'si'), save the possessives ('mis' is 'mi').
  if (k.length <= 6)
    return (
      w === `${k}s` ||
      w === `${k}es` ||
      ((w.length > 2 || POSSESSIVES.has(w)) && (k === `${w}s` || k === `${w}es`))
    )
  if (w.startsWith(k.slice(0, Math.max(5, k.length - 2))) && w.length <= k.length + 3) return true
  // Misspelt by sound: 'divorsio', 'indemnisacion', 'arendamiento'.
  return w.length >= 6 && word.sound === key.sound
}

export function keyMatches(key: string, word: string): boolean {
  return matches({ text: key, sound: soundKey(key) }, { text: word, sound: soundKey(word) })
}

/** The positions where a key's words appear in order, with at most `gap` other words between two of them. */
export function matchAt(key: KeyWord[], words: QueryWord[], gap = 2): number[] | null {
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

/** One entry that matched: the query words its keys covered, the law's words it adds, and which entry it is. */
export type ThesaurusMatch = { at: number[]; words: string[]; entry: number }

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
export function expand(words: string[]): Expansion {
  const out = new Set<string>()
  const matches: ThesaurusMatch[] = []
  const matched = new Set<number>()
  const slang = new Set<number>()
  const query = queryWords(words)
  TABLE.forEach(({ keys, expansion }, entry) => {
    // The keys of one entry that match say one idea: 'perro' and 'mordió' are both the animal's doing.
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
    if (!covered.size) return
    for (const e of expansion) out.add(e)
    matches.push({ at: [...covered].sort((a, b) => a - b), words: expansion, entry })
  })
  const own = new Set(words.filter((_, i) => !slang.has(i)))
  return { words: [...out].filter((w) => !own.has(w)), matches, matched, slang }
}

/** Legal words to add for a folded query (see expand). */
export function expandQuery(words: string[]): string[] {
  return expand(words).words
}
