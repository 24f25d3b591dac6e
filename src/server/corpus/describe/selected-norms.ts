import path from 'node:path'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { NORM_IDENTIFIER_RE } from '../pack/pack-data'
import type { ParsedNorm } from '../types'
import type { DescribeOptions, DescribeSummary } from './describe'
import { readNorm } from './files'
import { selectNormFiles } from './select'

export type SelectedNorm = { file: string; relative: string; identifier: string; norm: ParsedNorm }

/**
 * The selected norm files, parsed, one per identifier, that have something to describe (`describable`); what is
 * passed over — missing, unreadable, with nothing to describe, named unfit for a file, a second file of one
 * identifier — is counted in the summary. Parsing the whole folder takes a while: Ctrl-C gets through between files.
 */
export async function* selectedNorms(
  options: DescribeOptions,
  summary: DescribeSummary,
  describable: (norm: ParsedNorm) => boolean,
): AsyncGenerator<SelectedNorm> {
  const { files, missing } = selectNormFiles(options.corpusDir, options.selection)
  for (const name of missing) summary.failed.push({ name, reason: 'no está en la carpeta del corpus' })
  const seen = new Map<string, string>()
  for (const file of files) {
    await yieldToLoop()
    if (options.signal?.aborted) {
      summary.interrupted = true
      return
    }
    const relative = path.relative(options.corpusDir, file)
    const read = readNorm(file)
    if ('reason' in read) {
      summary.failed.push({ name: relative, reason: read.reason })
      continue
    }
    if (!describable(read.norm)) {
      summary.stubs++
      continue
    }
    const identifier = read.norm.meta.identifier
    if (!NORM_IDENTIFIER_RE.test(identifier)) {
      summary.failed.push({
        name: relative,
        reason: `identificador no apto como nombre de archivo: ${identifier}`,
      })
      continue
    }
    const first = seen.get(identifier)
    if (first) {
      summary.duplicates.push(`${relative} (= ${first})`)
      continue
    }
    seen.set(identifier, relative)
    yield { file, relative, identifier, norm: read.norm }
  }
}
