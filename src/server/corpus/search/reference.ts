import { type DocumentMention, findDocumentMention, type NormName } from './document-aliases'

export type ArticleReference = {
  /** Normalised like the parser's numbers: '112', '2-A', '5-bis', 'I'. */
  number: string
  document: DocumentMention | null
}

const ROMAN = /^(?=[ivxl]+$)l?x{0,3}(ix|iv|v?i{0,3})$/

function normaliseNumber(raw: string): string {
  const compact = raw.trim().replace(/\s+/g, ' ')
  const m = /^(\d+)\s*(?:-\s*)?(bis|ter|quater|[a-z])?$/.exec(compact)
  if (m) {
    const suffix = m[2]
    if (!suffix) return m[1]!
    return ['bis', 'ter', 'quater'].includes(suffix) ? `${m[1]}-${suffix}` : `${m[1]}-${suffix.toUpperCase()}`
  }
  if (ROMAN.test(compact)) return compact.toUpperCase()
  return compact
}

/**
 * A direct reference to an article: 'artículo 24 de la constitución', 'art. 106 CP', 'el 1970 del código civil',
 * 'articulo IV del titulo preliminar del codigo civil'. Works on folded text (see normalize.ts).
 */
export function findArticleReference(
  folded: string,
  titles: readonly NormName[] = [],
): ArticleReference | null {
  const document = findDocumentMention(folded, titles)
  const explicit =
    /\b(?:articulos?|arts?\.?)\s*(?:n\.?\s*)?(\d{1,4}(?:\s*-?\s*(?:bis|ter|quater|[a-z])\b)?|[ivxl]{1,6}\b)/.exec(
      folded,
    )
  if (explicit) return { number: normaliseNumber(explicit[1]!), document }
  // 'el 1970 del codigo civil': a bare number right before a named norm.
  if (document) {
    const before = folded.slice(0, document.start)
    const bare = /\b(\d{1,4}(?:-[a-z])?)\s*(?:del?|de la)?\s*$/.exec(before)
    if (bare) return { number: normaliseNumber(bare[1]!), document }
  }
  return null
}
