/**
 * Citations as a model writes them: '[2]', '[1, 3]', '[1; 3]', '[2-4]', '[1][2]'. A model cites numbers it was not
 * given (it remembers other sources, or miscounts); those are removed before the answer is shown, and the numbers
 * left are renumbered to match the sources returned.
 */
const GROUP = /(\s*)\[(\s*\d{1,3}\s*(?:(?:[,;]|[-–])\s*\d{1,3}\s*)*)\]/g

function groupNumbers(inner: string): number[] {
  const out: number[] = []
  for (const part of inner.split(/[,;]/)) {
    const range = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(part)
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])]
      for (let n = a; n <= b && n - a < 50; n++) out.push(n)
    } else if (part.trim()) out.push(Number(part.trim()))
  }
  return out
}

/** Rewrites every citation group through `map` (null drops the number; a group left empty disappears). */
function rewrite(text: string, map: (n: number) => number | null): string {
  return text.replace(GROUP, (_all, space: string, inner: string) => {
    const kept = [...new Set(groupNumbers(inner).map(map))].filter((n): n is number => n !== null)
    return kept.length ? `${space}[${kept.join(', ')}]` : ''
  })
}

/** Drops citations to numbers outside 1..given. */
export function removeUnknownCitations(text: string, given: number): string {
  return rewrite(text, (n) => (n >= 1 && n <= given ? n : null))
}

/** The text without any citation (what it states, for checks that must not read '[2]' as a number). */
export function withoutCitations(text: string): string {
  return rewrite(text, () => null)
}

/** The numbers a text cites, in order of first appearance. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>()
  for (const m of text.matchAll(GROUP)) for (const n of groupNumbers(m[2]!)) seen.add(n)
  return [...seen]
}

/** Renumbers citations: old number → new number (numbers absent from the map are dropped). */
export function renumberCitations(text: string, numbering: Map<number, number>): string {
  return rewrite(text, (n) => numbering.get(n) ?? null)
}

/** A text in the middle of a stream may end inside a citation ('… [1'): that tail waits for the next chunk. */
export function withoutOpenCitation(text: string): string {
  return text.replace(/\s*\[[\d\s,;–-]*$/, '')
}
