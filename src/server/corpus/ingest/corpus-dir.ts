import { existsSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../lib/project-root'

export const NORMS_SUBDIR = path.join('legalize-pe', 'pe')
export const RULINGS_SUBDIR = 'pj-jurisprudencia'
export const DEMO_LIST = 'demo-normas.txt'

/** CORPUS_DIR when set; else `../shared/corpus` beside the project, where it exists; else none. */
export function resolveCorpusDir(configured: string | undefined): string | null {
  if (configured) return existsSync(configured) ? path.resolve(configured) : null
  const fallback = path.resolve(projectRoot(), '..', 'shared', 'corpus')
  return existsSync(fallback) ? fallback : null
}
