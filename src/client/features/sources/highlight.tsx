import { Mark } from '@chakra-ui/react'
import { Fragment, type ReactNode } from 'react'

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Ranges of `text` where `term` occurs, matched without case or accents (one folded char per original char). */
export function matchRanges(text: string, term: string): [number, number][] {
  const q = fold(term.trim())
  if (!q) return []
  // Fold char by char so indexes stay aligned with the original text.
  const folded = text
    .split('')
    .map((ch) => fold(ch) || ch)
    .join('')
  if (folded.length !== text.length) return []
  const out: [number, number][] = []
  for (let i = folded.indexOf(q); i !== -1; i = folded.indexOf(q, i + q.length)) out.push([i, i + q.length])
  return out
}

export function Highlighted({ text, term }: { text: string; term: string }) {
  const ranges = matchRanges(text, term)
  if (ranges.length === 0) return <>{text}</>
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of ranges) {
    parts.push(<Fragment key={`t${start}`}>{text.slice(at, start)}</Fragment>)
    parts.push(
      <Mark key={`m${start}`} variant="subtle" colorPalette="yellow">
        {text.slice(start, end)}
      </Mark>,
    )
    at = end
  }
  parts.push(<Fragment key="end">{text.slice(at)}</Fragment>)
  return <>{parts}</>
}
