/**
 * Pure helpers over the index's vocabulary (stemmed words): the misspelling key and word families. The Spanish
 * stemmer leaves related words apart ('presidente' → president, 'presidencial' → presidencial; 'separados' →
 * separ, 'separación' → separacion), and people misspell by sound ('divorsio', 'inosencia', 'arendamiento').
 */

/**
 * How a stem sounds, roughly, in Latin American Spanish: c before e/i, z and s alike; b and v; ll and y; silent h;
 * doubled letters; qu/k/c before a, o, u. Two stems with the same key are the same word misspelt.
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
 * ('presidente' → president, presidenci, presidencial; 'separados' → separ, separacion). The shared part must be
 * long enough to be a root, not a syllable: the word less its last three letters, at least 6 and at most 8, so
 * that long derived forms still meet; words under 8 letters have none. The word's own stem is not included.
 */
export function family(word: string, stem: string, sorted: readonly string[], maxExtra = 6): string[] {
  const w = word.replace(/ñ/g, 'n')
  // Shorter words leave no root long enough: 'compre' would bring comprender, 'contrato' contrario.
  if (w.length < 8) return []
  const root = w.slice(0, Math.min(8, Math.max(6, w.length - 3)))
  return withPrefix(sorted, root).filter(
    (s) => s !== stem && s.length <= root.length + maxExtra,
  )
}
