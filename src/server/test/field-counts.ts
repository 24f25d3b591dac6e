import type { FieldCounts } from '../corpus/search/rank'

/**
 * Tests' shorthand for a passage's counts of some stems:
 * 'despid:ACC mandat:B' → despid {a:1,c:2}, mandat {b:1}; with positions, 'despid:ACC:3,40,52' also keeps the
 * text's positions (those of the C weights).
 */
export function parseMatches(m: string | null): Map<string, FieldCounts> {
  const out = new Map<string, FieldCounts>()
  if (!m) return out
  for (const item of m.split(' ')) {
    const [lexeme, weights, positions] = item.split(':')
    if (!lexeme || !weights) continue
    const counts: FieldCounts = { a: 0, b: 0, c: 0, d: 0 }
    const at: number[] = []
    const atD: number[] = []
    const pos = positions?.split(',')
    for (let i = 0; i < weights.length; i++) {
      const ch = weights[i]
      if (ch === 'A') counts.a++
      else if (ch === 'B') counts.b++
      else if (ch === 'D') {
        counts.d++
        if (pos?.[i]) atD.push(Number(pos[i]))
      } else {
        counts.c++
        if (pos?.[i]) at.push(Number(pos[i]))
      }
    }
    if (pos) counts.at = at
    if (atD.length) counts.atD = atD
    out.set(lexeme, counts)
  }
  return out
}
