import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { corpusFolders, demoNames } from '../ingest/corpus-dir'
import { listNormFiles } from '../ingest/ingest'

export type DescribeSelection = { kind: 'all' } | { kind: 'demo' } | { kind: 'named'; names: string[] }

const isFile = (p: string) => existsSync(p) && statSync(p).isFile()

/**
 * The norm files to describe: every one ingestion would read (`--all`), the demo list, or names given as a path
 * (from the corpus folder or the current one), a file name or an identifier. Names that match nothing are returned
 * apart, so the summary can say so.
 */
export function selectNormFiles(
  corpusDir: string,
  selection: DescribeSelection,
): { files: string[]; missing: string[] } {
  const folders = corpusFolders(corpusDir)
  const normsDir = folders.norms
  const all = () => (existsSync(normsDir) ? listNormFiles(normsDir) : [])
  if (selection.kind === 'all') return { files: all(), missing: [] }
  const names = selection.kind === 'named' ? selection.names : demoNames(folders)
  let listed: string[] | null = null
  const files: string[] = []
  const missing: string[] = []
  for (const name of names) {
    let found = [
      path.resolve(corpusDir, name),
      path.resolve(name),
      path.join(normsDir, name),
      path.join(normsDir, `${name}.md`),
    ].find(isFile)
    if (!found) {
      // A norm in a subfolder (reformas-constitucionales/), named by its identifier.
      listed ??= all()
      found = listed.find((f) => [name, `${name}.md`].includes(path.basename(f)))
    }
    if (!found) missing.push(name)
    else if (!files.includes(found)) files.push(found)
  }
  return { files, missing }
}
