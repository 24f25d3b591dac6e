import type { CitedName } from '../parse/cited-names'
import { normNumber } from './display-titles'

/** Citing norms that must agree on a name: one norm's wording, or its OCR, is not a name. */
export const AGREEING_NORMS = 2

export type NormNaming = {
  id: number
  identifier: string
  /** Folded: the norm's title and the names the pack and its descriptor give it. */
  known: string[]
  /** What its text calls the norms it cites (metadata.citedNames, read at ingestion). */
  cites: CitedName[]
}

/**
 * The names other norms give a norm when they cite it ('Ley N° 25868, Ley de Organización y Funciones del
 * INDECOPI'), for the norms whose title and known names do not already hold them: norm id → new names (folded).
 * A name is kept when
 * - at least AGREEING_NORMS norms other than the cited one give it (copies of one norm count once);
 * - no other cited norm is given it, and no other norm is known by it (D. Leg. 728 is cited by the name of its
 *   consolidated text, which the TUO holds);
 * - every word of it is one the norm's own text uses (`usesWords`): the publisher's OCR ('ley orgunica de …') and a
 *   citation's next words run into the name are not.
 */
export function namesFromCitations(
  norms: readonly NormNaming[],
  usesWords: (id: number, name: string) => boolean,
): Map<number, string[]> {
  const filesOf = new Map<string, NormNaming[]>()
  for (const n of norms) {
    const key = normNumber(n.identifier)
    if (key) filesOf.set(key, [...(filesOf.get(key) ?? []), n])
  }
  /** Cited norm → name → the citing norms (by key) that give it. */
  const given = new Map<string, Map<string, Set<string>>>()
  for (const n of norms) {
    const citing = normNumber(n.identifier) ?? n.identifier
    for (const { cited, name } of n.cites) {
      if (cited === citing || !filesOf.has(cited)) continue
      const names = given.get(cited) ?? new Map<string, Set<string>>()
      names.set(name, (names.get(name) ?? new Set()).add(citing))
      given.set(cited, names)
    }
  }
  /** Name → the cited norms it was agreed for. */
  const agreedFor = new Map<string, Set<string>>()
  for (const [cited, names] of given)
    for (const [name, by] of names)
      if (by.size >= AGREEING_NORMS) agreedFor.set(name, (agreedFor.get(name) ?? new Set()).add(cited))
  /** Name → the norms (by key) whose title or known names it is. */
  const knownBy = new Map<string, Set<string>>()
  for (const n of norms)
    for (const name of n.known)
      knownBy.set(name, (knownBy.get(name) ?? new Set()).add(normNumber(n.identifier) ?? n.identifier))

  const out = new Map<number, string[]>()
  for (const [name, cited] of agreedFor) {
    if (cited.size !== 1) continue
    const key = [...cited][0]!
    const holders = knownBy.get(name)
    if (holders && [...holders].some((h) => h !== key)) continue
    for (const file of filesOf.get(key)!) {
      if (file.known.some((k) => k.includes(name)) || !usesWords(file.id, name)) continue
      out.set(file.id, [...(out.get(file.id) ?? []), name])
    }
  }
  return out
}
