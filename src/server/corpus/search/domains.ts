import { loadDomains } from '../pack/pack-data'
import { compileKey, matchAt, queryWords } from './thesaurus'

/**
 * The area of law a question's words belong to, and the norms that govern it. People ask about 'la Sunat', 'mi
 * jefe', 'la muni' without naming a norm, and the same legal words stand in several codes ('deuda', 'plazo',
 * 'apelar' in the civil, tax and administrative ones): the area tips the balance towards its norms. The areas are the
 * country pack's data (packs/pe/domains.json); keys match like the thesaurus' keys; identifiers allow 'PREFIX-*'.
 */
const TABLE = loadDomains().map(({ keys, identifiers }) => ({ keys: keys.map(compileKey), identifiers }))

/** The norms of the areas a folded, tokenised question touches. */
export function domainNorms(words: string[]): string[] {
  const query = queryWords(words)
  const out = new Set<string>()
  for (const { keys, identifiers } of TABLE) {
    if (keys.some((key) => matchAt(key, query, 0))) for (const id of identifiers) out.add(id)
  }
  return [...out]
}
