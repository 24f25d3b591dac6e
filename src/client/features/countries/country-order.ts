import type { Country } from '../../../shared/agent-schemas'

/** Spec §9: the selection is stored per user under `_selectedCountry`. */
export const selectedCountryKey = (userId: string) => `${userId}_selectedCountry`

/** The region of the browser's language ('es-PE' → 'PE'), if any. */
export function detectedCountry(languages: readonly string[]): string | null {
  for (const lang of languages) {
    const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec(lang)?.[1]
    if (region) return region.toUpperCase()
  }
  return null
}

/** Spec §4 country selection order: stored, else detected, else PE, else the first active country. */
export function chooseCountry(
  active: Country[],
  stored: string | null,
  detected: string | null,
): string | null {
  const has = (iso2: string | null) => !!iso2 && active.some((c) => c.iso2 === iso2)
  if (has(stored)) return stored
  if (has(detected)) return detected
  if (has('PE')) return 'PE'
  return active[0]?.iso2 ?? null
}
