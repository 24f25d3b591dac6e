import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { parseNorm } from '../parse/norm'
import type { ParsedNorm } from '../types'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A norm file as the index reads it: parsed, or why it cannot be. */
export function readNorm(file: string): { norm: ParsedNorm } | { reason: string } {
  let text: string
  try {
    text = utf8.decode(readFileSync(file))
  } catch {
    return { reason: 'el archivo no está codificado en UTF-8' }
  }
  try {
    return { norm: parseNorm(text, path.basename(file)) }
  } catch (error) {
    return { reason: (error as Error).message }
  }
}

/** Written whole or not at all: a crash or Ctrl-C never leaves a truncated file for the next run to trust. */
export function writeAtomic(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  try {
    writeFileSync(temp, text)
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}

/**
 * The answer files of an export folder (the names `matches` accepts, in order), one at a time with a turn of the
 * event loop between them (Ctrl-C is heard); once `signal` aborts, none more, and `summary` is marked interrupted with how many were left.
 * Both import modes (norm and article level) read their folder this way.
 */
export async function* exportedAnswers(
  inDir: string,
  matches: (name: string) => boolean,
  signal: AbortSignal | undefined,
  summary: { interrupted: boolean; pending: number },
): AsyncGenerator<string> {
  const names = existsSync(inDir) ? readdirSync(inDir).filter(matches).sort() : []
  for (const [index, name] of names.entries()) {
    await yieldToLoop()
    if (signal?.aborted) {
      summary.interrupted = true
      summary.pending = names.length - index
      return
    }
    yield name
  }
}
