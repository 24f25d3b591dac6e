/** Only the originals the server serves may be opened: a same-origin /api/originals/<identifier>.pdf. */
export function isAllowedOriginal(file: string | null): file is string {
  return !!file && /^\/api\/originals\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.pdf$/.test(file)
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')

/**
 * The text items of a page (pdf.js text layer, in reading order) that hold the cited passage. Words are compared
 * without case, accents or punctuation, across line breaks; the passage's first words (up to `maxWords`) are
 * enough to find where it starts, and the match then runs as far as the passage keeps agreeing with the page.
 */
export function matchPassage(items: string[], passage: string, maxWords = 40): number[] {
  const target = fold(passage).split(' ').filter(Boolean).slice(0, maxWords)
  if (target.length < 2) return []
  // Every word of the page with the item it came from.
  const words: { w: string; item: number }[] = []
  items.forEach((text, item) => {
    for (const w of fold(text).split(' ')) if (w) words.push({ w, item })
  })
  const minRun = Math.min(target.length, 4)
  let best: { start: number; len: number } | null = null
  for (let start = 0; start < words.length; start++) {
    let len = 0
    while (len < target.length && start + len < words.length && words[start + len]!.w === target[len]) len++
    if (len >= minRun && (!best || len > best.len)) best = { start, len }
    if (best?.len === target.length) break
  }
  if (!best) return []
  const hit = new Set<number>()
  for (let i = best.start; i < best.start + best.len; i++) hit.add(words[i]!.item)
  return [...hit].sort((a, b) => a - b)
}
