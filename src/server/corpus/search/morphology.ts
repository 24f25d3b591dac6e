/**
 * Pure helpers over the index's vocabulary (stemmed words): the misspelling key and word families. The Spanish
 * stemmer leaves related words apart ('presidente' → president, 'presidencial' → presidencial; 'separados' →
 * separ, 'separación' → separacion), and people misspell by sound ('divorsio', 'inosencia', 'arendamiento').
 */

/**
 * How a stem sounds, roughly, in Latin American Spanish: c before e/i, z and s alike; b and v; ll and y; silent h;
 * doubled letters; qu/k/c before a, o, u; n before b or p, which sounds m ('canbio', 'tanpoco', 'embiar'). Two stems
 * with the same key are the same word misspelt.
 */
export function soundKey(stem: string): string {
  return stem
    .replace(/ñ/g, 'n')
    .replace(/h/g, '')
    .replace(/c([ei])/g, 's$1')
    .replace(/z/g, 's')
    .replace(/qu([ei])/g, 'k$1')
    .replace(/c/g, 'k')
    .replace(/v/g, 'b')
    .replace(/n([bp])/g, 'm$1')
    .replace(/ll/g, 'y')
    .replace(/x/g, 'ks')
    .replace(/(.)\1+/g, '$1')
}

/** The first index in a sorted array whose value is ≥ key. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Stems of a sorted vocabulary that start with a prefix. */
export function withPrefix(sorted: readonly string[], prefix: string, max = 40): string[] {
  const out: string[] = []
  for (let i = lowerBound(sorted, prefix); i < sorted.length && out.length < max; i++) {
    const s = sorted[i]!
    if (!s.startsWith(prefix)) break
    out.push(s)
  }
  return out
}

/** Longest shared prefix of two strings. */
export function sharedPrefix(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}

/**
 * The family of a query word in the vocabulary: stems that share a long beginning with the word as typed
 * ('presidente' → president, presidencial; 'flagrancia' → flagranci, flagrant). The shared part must be a root,
 * not a syllable: at least 7 letters and all of the word's stem but its last two ('contrato' must not bring
 * contrario). The word's own stem is not included.
 */
export function family(word: string, stem: string, sorted: readonly string[], maxExtra = 6): string[] {
  const w = word.replace(/ñ/g, 'n')
  const length = Math.max(7, stem.length - 2)
  if (w.length < length + 1) return []
  const root = w.slice(0, length)
  return withPrefix(sorted, root).filter((s) => s !== stem && s.length <= root.length + maxExtra)
}

/** pg_trgm's trigrams of a word: padded with two spaces before and one after. */
export function trigrams(word: string): string[] {
  const padded = `  ${word} `
  const out = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3))
  return [...out]
}

/**
 * Stems by the trigrams they hold: misspelt words are corrected in memory, as pg_trgm's similarity would. Stems are
 * numbered and each keeps its trigram count, so a lookup counts shared trigrams in an array and never re-splits a
 * candidate (re-splitting every stem of the word's first letter made a lookup cost 1.5 ms on the whole folder's
 * vocabulary, slower than pg_trgm: docs/decisions/0031).
 */
export type TrigramIndex = {
  stems: string[]
  /** Each stem's number of distinct trigrams, by stem number. */
  sizes: Uint16Array
  /**
   * Stem numbers by trigram, in the order the stems were given: trigram `t`'s are `postings` from `starts[slot]` to
   * `starts[slot + 1]`, where `slot` is `slots.get(t)`. Typed arrays rather than an array per trigram: on the whole
   * folder's 28,500 stems (244k postings) the index held 4.2 MB of the server's heap as arrays, 1.0 MB this way.
   */
  slots: Map<string, number>
  starts: Uint32Array
  postings: Uint32Array
}

export function trigramIndex(stems: Iterable<string>): TrigramIndex {
  const list = [...stems]
  const sizes = new Uint16Array(list.length)
  const slots = new Map<string, number>()
  const counts: number[] = []
  const own = list.map((stem, id) => {
    const ts = trigrams(stem)
    sizes[id] = ts.length
    return ts.map((t) => {
      let slot = slots.get(t)
      if (slot === undefined) {
        slot = counts.length
        slots.set(t, slot)
        counts.push(0)
      }
      counts[slot]!++
      return slot
    })
  })
  const starts = new Uint32Array(counts.length + 1)
  for (let i = 0; i < counts.length; i++) starts[i + 1] = starts[i]! + counts[i]!
  const postings = new Uint32Array(starts[counts.length]!)
  const filled = starts.slice(0, counts.length)
  own.forEach((ts, id) => {
    for (const slot of ts) postings[filled[slot]!++] = id
  })
  return { stems: list, sizes, slots, starts, postings }
}

/**
 * The most similar stem (shared trigrams over all trigrams, like pg_trgm's similarity), if at least `min` similar
 * and beginning with the same letter; ties go to the commoner stem, then to the first given.
 */
export function mostSimilar(
  word: string,
  index: TrigramIndex,
  df: (stem: string) => number,
  min = 0.5,
): string | null {
  const own = trigrams(word)
  const shared = new Uint16Array(index.stems.length)
  // Stems in the order first met, so ties resolve as they always have.
  const met: number[] = []
  for (const t of own) {
    const slot = index.slots.get(t)
    if (slot === undefined) continue
    for (let at = index.starts[slot]!; at < index.starts[slot + 1]!; at++) {
      const id = index.postings[at]!
      const n = shared[id]!
      if (n === 0) met.push(id)
      shared[id] = n + 1
    }
  }
  let best: string | null = null
  let bestScore = 0
  for (const id of met) {
    const stem = index.stems[id]!
    if (stem[0] !== word[0]) continue
    const n = shared[id]!
    const score = n / (own.length + index.sizes[id]! - n)
    if (score > bestScore || (score === bestScore && best !== null && df(stem) > df(best))) {
      best = stem
      bestScore = score
    }
  }
  return bestScore >= min ? best : null
}

/**
 * The word a diminutive is made from: 'solito' → solo, 'casita' → casa, 'hijitos' → hijos, 'chiquito' → chico,
 * 'cafecito' → cafe. Only asked of words the index does not know, so 'delito' or 'requisito' never get here.
 */
export function withoutDiminutive(word: string): string | null {
  const m = /^(.{3,}?)(c)?it([oa]s?)$/.exec(word)
  if (!m) return null
  const stem = m[1]!.replace(/qu$/, 'c').replace(/gu$/, 'g')
  return m[2] && stem.length >= 4 ? stem : `${stem}${m[2] ?? ''}${m[3]}`
}

/**
 * The word with the silent 'h' people leave out ('oras' → horas, 'ijo' → hijo, 'acer' → hacer). The sound key drops
 * every h, yet cannot pair such words: the stemmer cuts a word that starts with a vowel elsewhere than its h-form
 * ('oras' stays oras, 'horas' → hor). Only asked of words the index does not know.
 */
export function withSilentH(word: string): string | null {
  return /^[aeiou]/.test(word) ? `h${word}` : null
}
