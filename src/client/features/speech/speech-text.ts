/** Spec §5/§9: chunks end at sentence ends; a piece over 200 characters is broken at commas or semicolons. */
export const SPEECH_CHUNK_LIMIT = 200

/** Markdown symbols stripped before reading aloud, so the voice never says "asterisco" or reads a URL. */
export function stripMarkdown(markdown: string): string {
  return (
    markdown
      // fenced code blocks keep their text, lose the fences
      .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1')
      .replace(/`([^`]+)`/g, '$1')
      // images: the alt text; links: the label
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      // citation markers like [1] are for the eye
      .replace(/\[(\d{1,3})\]/g, '')
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s{0,3}>\s?/gm, '')
      .replace(/^\s*[-*+]\s+/gm, '')
      .replace(/^\s*\d+[.)]\s+/gm, '')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
      .replace(/\|/g, ' ')
      .replace(/^\s*([-*_]\s*){3,}$/gm, '')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(\*|_)(.+?)\1/g, '$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{2,}/g, '\n')
      .trim()
  )
}

/** Breaks a piece longer than the limit at commas or semicolons, and only if that is not enough, at spaces. */
function breakLong(piece: string, limit: number): string[] {
  if (piece.length <= limit) return [piece]
  const out: string[] = []
  let current = ''
  for (const part of piece.split(/(?<=[,;])\s+/)) {
    if (current && current.length + 1 + part.length > limit) {
      out.push(current)
      current = part
    } else {
      current = current ? `${current} ${part}` : part
    }
  }
  if (current) out.push(current)
  // A clause with no comma or semicolon can still be too long for some voices; words are the last resort.
  return out.flatMap((p) => (p.length <= limit ? [p] : byWords(p, limit)))
}

function byWords(piece: string, limit: number): string[] {
  const out: string[] = []
  let current = ''
  for (const word of piece.split(/\s+/)) {
    if (current && current.length + 1 + word.length > limit) {
      out.push(current)
      current = word
    } else {
      current = current ? `${current} ${word}` : word
    }
  }
  if (current) out.push(current)
  return out
}

/** The text as the reader speaks it: markdown stripped, sentence by sentence, each chunk ≤ the limit. */
export function speechChunks(text: string, limit = SPEECH_CHUNK_LIMIT): string[] {
  const plain = stripMarkdown(text)
  if (!plain) return []
  const sentences = plain
    .split(/(?<=[.!?…:])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean)
  return sentences.flatMap((s) => breakLong(s, limit))
}
