import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { type DescriptorLine, descriptorLine } from '../pack/descriptors'
import { descriptorsDir } from '../pack/pack-data'
import { writeAtomic } from './files'

/**
 * A norm's descriptor file (descriptors/<file name>.jsonl) as the article mode reads and rewrites it. Lines without
 * `made` were written by hand and are never asked again nor touched; generated lines are replaced article by
 * article. A line that does not parse is kept as it is (ingestion reports it), so a rewrite loses nothing.
 */
export type StoredLine = { article: string | null; raw: string; line: DescriptorLine | null }

export const descriptorPath = (pack: string, normFile: string) =>
  path.join(descriptorsDir(pack), `${path.basename(normFile, '.md')}.jsonl`)

export function readLines(file: string): StoredLine[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((raw) => raw.trim())
    .map((raw) => {
      let data: unknown
      try {
        data = JSON.parse(raw)
      } catch {
        return { article: null, raw, line: null }
      }
      const parsed = descriptorLine.safeParse(data)
      return parsed.success
        ? { article: parsed.data.article, raw, line: parsed.data }
        : { article: null, raw, line: null }
    })
}

/** Articles that have a hand-written line: the article mode leaves them as their writers left them. */
export const handWritten = (lines: StoredLine[]) =>
  new Set(lines.filter((l) => l.line && !l.line.made).map((l) => l.article!))

/**
 * The file with the answered articles' generated lines replaced by `fresh`, in the norm's article order; lines of
 * articles the norm no longer has go last.
 */
export function mergeLines(
  file: string,
  answered: Set<string>,
  fresh: DescriptorLine[],
  order: Map<string, number>,
): void {
  const kept = readLines(file).filter((l) => !(l.line?.made && answered.has(l.article!)))
  const all = [...kept, ...fresh.map((line) => ({ article: line.article, raw: JSON.stringify(line), line }))]
  const rank = (l: StoredLine) => (l.article !== null ? (order.get(l.article) ?? order.size) : order.size)
  // Array.prototype.sort is stable: lines of one article keep their order, hand-written first.
  all.sort((a, b) => rank(a) - rank(b))
  if (!all.length) rmSync(file, { force: true })
  else writeAtomic(file, `${all.map((l) => l.raw).join('\n')}\n`)
}
