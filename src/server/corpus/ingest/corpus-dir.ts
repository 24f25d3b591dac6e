import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../lib/project-root'
import { loadPackManifest, type PackManifest } from '../pack/manifest'

/** CORPUS_DIR when set; else `../shared/corpus` beside the project, where it exists; else none. */
export function resolveCorpusDir(configured: string | undefined): string | null {
  if (configured) return existsSync(configured) ? path.resolve(configured) : null
  const fallback = path.resolve(projectRoot(), '..', 'shared', 'corpus')
  return existsSync(fallback) ? fallback : null
}

/** Where a corpus folder keeps its norms, its rulings and its demo list: the country pack says (pack.json). */
export type CorpusFolders = {
  norms: string
  rulings: string
  /** The rulings' unit key in corpus_files: their folder relative to the corpus ('pj-jurisprudencia'). */
  rulingsKey: string
  demoList: string
}

export function corpusFolders(corpusDir: string, manifest: PackManifest = loadPackManifest()): CorpusFolders {
  const inCorpus = (folder: string) => path.join(corpusDir, ...folder.split('/'))
  return {
    norms: inCorpus(manifest.corpus.norms),
    rulings: inCorpus(manifest.corpus.rulings),
    rulingsKey: path.join(...manifest.corpus.rulings.split('/')),
    demoList: inCorpus(manifest.corpus.demoList),
  }
}

/** The demo list's file names, in order; none when the corpus has no list. */
export function demoNames(folders: CorpusFolders): string[] {
  if (!existsSync(folders.demoList)) return []
  return readFileSync(folders.demoList, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
}
