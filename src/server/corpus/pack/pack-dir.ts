import path from 'node:path'
import { projectRoot } from '../../lib/project-root'

/** The country whose pack is read when none is named: the one country with a corpus (db/seed.ts). */
export const DEFAULT_COUNTRY = 'pe'

/** Where the country packs stand, one folder per country code (packs/pe/). */
export const packsRoot = () => path.join(projectRoot(), 'packs')

/**
 * A country's knowledge pack: the data that expands people's words into the law's (thesaurus, descriptor index,
 * law names, areas of law) and says where its corpus keeps what (pack.json), kept as data outside the code
 * (packs/<country>/, see its README). A second country is a second folder, read by the same code. KNOWLEDGE_PACK_DIR
 * points a deployment or a test at another copy
 * of the default one.
 */
export function packDir(country = DEFAULT_COUNTRY, root?: string): string {
  // A root named by the caller is where it wants to read from; only the default place yields to the variable.
  if (root) return path.join(root, country.toLowerCase())
  return process.env.KNOWLEDGE_PACK_DIR ?? path.join(packsRoot(), country.toLowerCase())
}
