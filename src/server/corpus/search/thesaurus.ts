import { loadThesaurus } from '../pack/pack-data'
import { soundKey } from './morphology'
import { fold } from './normalize'

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

/** The country pack's thesaurus (packs/pe/thesaurus/), read once. */
export const THESAURUS = loadThesaurus()

const TABLE: Entry[] = THESAURUS.map(({ keys, law: expansion }) => ({
  keys: keys.map((raw) => {
    const slang = raw.startsWith('!')
    return { words: compileKey(slang ? raw.slice(1) : raw), slang }
  }),
  expansion: fold(expansion).split(' ').filter(Boolean),
}))

/**
 * The entries a query may match, so a query reads a few dozen entries, not all of them. Every word of a key must
 * match some query word (see matches()), so each key is filed under its longest word, the least common:
 * - a word of up to six letters matches only itself and its plurals: filed under the word;
 * - a longer word, or a prefix key's beginning, matches only query words that begin with the same three letters and
 *   are at most two letters shorter, or (not a prefix key) whose sound key begins alike: filed under both beginnings;
 * - a prefix key of one or two letters could match anything: always read.
 */
type Filed = { entry: number; length: number }
type Candidates = {
  byWord: Map<string, number[]>
  byText: Map<string, Filed[]>
  bySound: Map<string, Filed[]>
  always: number[]
}

const HEAD = 3
const head = (s: string) => s.slice(0, HEAD)
const stemOf = (w: KeyWord) => (w.text.endsWith('*') ? w.text.slice(0, -1) : w.text)

function file<T>(map: Map<string, T[]>, at: string, item: T) {
  const list = map.get(at)
  if (list) list.push(item)
  else map.set(at, [item])
}

function candidateIndex(table: Entry[]): Candidates {
  const index: Candidates = { byWord: new Map(), byText: new Map(), bySound: new Map(), always: [] }
  table.forEach(({ keys }, entry) => {
    for (const { words } of keys) {
      const longest = words.reduce((a, b) => (stemOf(b).length > stemOf(a).length ? b : a))
      const stem = stemOf(longest)
      const prefix = stem !== longest.text
      if (!prefix && stem.length <= 6) file(index.byWord, stem, entry)
      else if (stem.length < HEAD) index.always.push(entry)
      else {
        file(index.byText, head(stem), { entry, length: stem.length })
        if (!prefix) file(index.bySound, head(longest.sound), { entry, length: 0 })
      }
    }
  })
  return index
}

const CANDIDATES = candidateIndex(TABLE)

/** The key words a query word may be (itself, its singular, its plural): see matches(). */
function forms(w: string): string[] {
  const out = [w, `${w}s`, `${w}es`]
  if (w.endsWith('s')) out.push(w.slice(0, -1))
  if (w.endsWith('es')) out.push(w.slice(0, -2))
  return out
}

/** The entries, in table order, whose keys the query may match. */
export function candidateEntries(query: QueryWord[]): number[] {
  const marked = new Uint8Array(TABLE.length)
  for (const e of CANDIDATES.always) marked[e] = 1
  for (const w of query) {
    for (const form of forms(w.text)) for (const e of CANDIDATES.byWord.get(form) ?? []) marked[e] = 1
    for (const f of CANDIDATES.byText.get(head(w.text)) ?? [])
      if (f.length <= w.text.length + 2) marked[f.entry] = 1
    if (w.text.length >= 6) for (const f of CANDIDATES.bySound.get(head(w.sound)) ?? []) marked[f.entry] = 1
  }
  const out: number[] = []
  marked.forEach((m, e) => {
    if (m) out.push(e)
  })
  return out
}

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
  for (const entry of candidateEntries(query)) {
    const { keys, expansion } = TABLE[entry]!
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
    if (!covered.size) continue
    for (const e of expansion) out.add(e)
    matches.push({ at: [...covered].sort((a, b) => a - b), words: expansion, entry })
  }
  const own = new Set(words.filter((_, i) => !slang.has(i)))
  return { words: [...out].filter((w) => !own.has(w)), matches, matched, slang }
}

/** Legal words to add for a folded query (see expand). */
export function expandQuery(words: string[]): string[] {
  return expand(words).words
}
