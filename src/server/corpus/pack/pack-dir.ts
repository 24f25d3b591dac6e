import path from 'node:path'
import { projectRoot } from '../../lib/project-root'

/**
 * A country's knowledge pack: the data that expands people's words into the law's (thesaurus, descriptor index,
 * law names, areas of law), kept as data outside the code (packs/<country>/, see its README). KNOWLEDGE_PACK_DIR
 * points a deployment or a test at another copy.
 */
export function packDir(country = 'pe'): string {
  return process.env.KNOWLEDGE_PACK_DIR ?? path.join(projectRoot(), 'packs', country.toLowerCase())
}
