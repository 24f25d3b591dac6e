import type { NumberedNorm } from '../pack/manifest'

/**
 * How a norm's text names other numbered norms ('la Ley N° 27986', 'el Decreto de Urgencia 071-2001'), read alike
 * by the repeals (repeals.ts) and the amendments (amendments.ts) a norm of the folder makes.
 */

/**
 * Accents and case folded, lines broken mid-sentence joined, 'N.°', 'Nº', and the scanner's 'N*', 'N?', 'N2 ' read as
 * one 'n ' before a number.
 */
export function plain(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[*_\\]/g, '')
      // A line the scanner broke mid-sentence goes on on the next ('…Ley General del Sistema\nNacional de Presupuesto,
      // salvo…'): a line ends a sentence only after its punctuation.
      .replace(/([^.;:!?)"”»\s])[ \t]*\n(?:[ \t]*\n)*(?=[ \t]*\S)/g, '$1 ')
      .replace(/\bn(?:\s*\.)?\s*(?:[°º*?£"”'“]|2(?=\s+\d))+/g, 'n ')
      .replace(/[ \t]+/g, ' ')
  )
}

export type KindPattern = { prefix: string; re: RegExp }

/** Each numbered kind as it opens an item: 'la Ley N° 27986', 'el Decreto de Urgencia 071-2001', 'Leyes 123'. */
export function kindPatterns(kinds: readonly NumberedNorm[]): KindPattern[] {
  return kinds.map((k) => ({
    prefix: k.prefix,
    re: new RegExp(
      `^(?:(el|la|los|las)\\s+)?(?:${k.said.join('|')})(?:e?s)?\\s*(?:n\\s*|nro\\.?\\s*|numeros?\\s*)?(\\d{1,3}(?:\\.\\d{3})+|\\d{1,5})(?:-(\\d{4}|\\d{2}))?\\b`,
    ),
  }))
}

export const BARE = /^(?:y\s+)?(?:n\s*)?(\d{1,3}(?:\.\d{3})+|\d{1,5})(?:-(\d{4}|\d{2}))?\b/

/** A year as written after a number: '98' is 1998, '01' 2001. */
export const fullYear = (y: string) =>
  y.length === 4 ? Number(y) : Number(y) + (Number(y) > 40 ? 1900 : 2000)

/** A numbered identifier's parts: 'DU-071-2001' → DU, 71, 2001 ('DU-034-98-1998' too). */
export const IDENTIFIER = /^([A-Z]+)-(\d{1,5})-(?:\d{2}-)?(\d{4})$/
