import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { LlmSettings } from '../../research/llm-client'
import {
  loadNormDescriptor,
  NORM_IDENTIFIER_RE,
  type NormDescriptor,
  type NormDescriptorContent,
  normDescriptorsDir,
} from '../pack/pack-data'
import { packDir } from '../pack/pack-dir'
import { parseAnswer } from './answer'
import { askEach, askModel } from './ask-model'
import { exportedAnswers, readNorm, writeAtomic } from './files'
import {
  fillPrompt,
  loadNormPrompt,
  type NormPrompt,
  type NormSource,
  normSource,
  sourceHash,
} from './prompt'
import type { DescribeSelection } from './select'
import { selectedNorms } from './selected-norms'

/**
 * `npm run corpus:describe`: a norm-level descriptor (what the norm regulates, its names, whom it concerns, the
 * questions it answers) for each norm of the corpus folder, asked of the OpenAI-compatible model the product
 * already uses, from the pack's committed prompt. A norm whose text and prompt version have not changed since its
 * descriptor was written is not asked again. Without a model, `--export` writes each filled prompt for someone
 * else to answer and `--import` turns their answers into descriptors, checked the same way.
 */

export type DescribeOptions = {
  corpusDir: string
  selection: DescribeSelection
  /** The knowledge pack's folder (packs/pe/ unless KNOWLEDGE_PACK_DIR says otherwise). */
  pack?: string
  /** At most this many norms described (or exported); the rest are left for the next run. */
  limit?: number
  /** Ctrl-C: no new norm is started, calls under way are abandoned, nothing is left half-written. */
  signal?: AbortSignal
  log?: (line: string) => void
}

export type DescribeSummary = {
  /** Identifiers described, exported or imported. */
  done: string[]
  unchanged: number
  /** Files without a single article (headers of a norm the folder does not hold, empty pages). */
  stubs: number
  /** Files holding a norm another file already holds (same identifier): the first one is described. */
  duplicates: string[]
  /** Norms that needed describing and were left: over the limit, or not reached before an interruption. */
  pending: number
  failed: { name: string; reason: string }[]
  interrupted: boolean
}

type Job = { identifier: string; relative: string; source: NormSource; hash: string }

export const emptySummary = (): DescribeSummary => ({
  done: [],
  unchanged: 0,
  stubs: 0,
  duplicates: [],
  pending: 0,
  failed: [],
  interrupted: false,
})

function writeDescriptor(pack: string, descriptor: NormDescriptor): void {
  writeAtomic(
    path.join(normDescriptorsDir(pack), `${descriptor.identifier}.json`),
    `${JSON.stringify(descriptor, null, 2)}\n`,
  )
}

function descriptorOf(
  job: { identifier: string; hash: string },
  content: NormDescriptorContent,
  model: string,
  prompt: NormPrompt,
): NormDescriptor {
  return {
    identifier: job.identifier,
    ...content,
    made: { model, prompt: prompt.version, source: job.hash, at: new Date().toISOString() },
  }
}

/** The selected norms that need a descriptor: parsed, deduplicated, and not already described from the same text. */
async function plan(
  options: DescribeOptions,
  pack: string,
  prompt: NormPrompt,
): Promise<{ jobs: Job[]; summary: DescribeSummary }> {
  const summary = emptySummary()
  const jobs: Job[] = []
  for await (const { relative, identifier, norm } of selectedNorms(
    options,
    summary,
    (n) => n.articles.length > 0,
  )) {
    const source = normSource(norm)
    const hash = sourceHash(source)
    let existing: NormDescriptor | null = null
    try {
      existing = loadNormDescriptor(identifier, pack)
    } catch (error) {
      options.log?.(`  ${identifier}: su descriptor es inválido y se rehace (${(error as Error).message})`)
    }
    if (existing?.made.prompt === prompt.version && existing.made.source === hash) {
      summary.unchanged++
      continue
    }
    jobs.push({ identifier, relative, source, hash })
  }
  const limit = options.limit ?? Number.POSITIVE_INFINITY
  summary.pending = Math.max(0, jobs.length - limit)
  return { jobs: jobs.slice(0, limit), summary }
}

export async function describeNorms(
  options: DescribeOptions & { llm: LlmSettings; concurrency?: number; fetch?: typeof fetch },
): Promise<DescribeSummary> {
  const pack = options.pack ?? packDir()
  const prompt = loadNormPrompt(pack)
  const { jobs, summary } = await plan(options, pack, prompt)
  const signal = options.signal ?? new AbortController().signal
  const { pending } = await askEach(
    jobs,
    { concurrency: options.concurrency, signal },
    (job) =>
      askModel(
        options.llm,
        fillPrompt(prompt, job.source),
        (text) => {
          const parsed = parseAnswer(text)
          return parsed.ok ? { ok: true, value: parsed.content } : parsed
        },
        (reason) =>
          `Esa respuesta no sirve: ${reason}. Responde de nuevo solo con el objeto JSON pedido (subject, names, concerns, questions).`,
        signal,
        options.fetch,
      ),
    (job, content, finished) => {
      writeDescriptor(pack, descriptorOf(job, content, options.llm.model, prompt))
      summary.done.push(job.identifier)
      options.log?.(`✓ ${job.identifier} (${finished}/${jobs.length})`)
    },
    (job, reason, finished) => {
      summary.failed.push({ name: job.identifier, reason })
      options.log?.(`✗ ${job.identifier} (${finished}/${jobs.length}): ${reason}`)
    },
  )
  summary.pending += pending
  if (signal.aborted) summary.interrupted = true
  return summary
}

/** What `--export` writes beside each prompt, so that `--import` can tell an answer to a stale prompt. */
const exportMeta = z.object({
  identifier: z.string().regex(NORM_IDENTIFIER_RE),
  /** The norm's file, relative to the corpus folder. */
  file: z.string().min(1),
  prompt: z.string().min(1),
  source: z.string().regex(/^[0-9a-f]{64}$/),
})

export const PROMPT_SUFFIX = '.prompt.md'
export const META_SUFFIX = '.meta.json'
export const ANSWER_SUFFIX = '.answer.json'

/** For each norm that needs describing, the exact filled prompt and its source hash, for a writer without the tool. */
export async function exportPrompts(options: DescribeOptions & { outDir: string }): Promise<DescribeSummary> {
  const pack = options.pack ?? packDir()
  const prompt = loadNormPrompt(pack)
  const { jobs, summary } = await plan(options, pack, prompt)
  for (const job of jobs) {
    const base = path.join(options.outDir, job.identifier)
    writeAtomic(`${base}${PROMPT_SUFFIX}`, fillPrompt(prompt, job.source))
    const meta: z.infer<typeof exportMeta> = {
      identifier: job.identifier,
      file: job.relative,
      prompt: prompt.version,
      source: job.hash,
    }
    writeAtomic(`${base}${META_SUFFIX}`, `${JSON.stringify(meta, null, 2)}\n`)
    summary.done.push(job.identifier)
  }
  return summary
}

/**
 * The answers written for exported prompts (DIR/<IDENTIFIER>.answer.json) → descriptors, recorded as made by
 * `modelName`. An answer is taken only if its prompt is still the current one for a norm whose text is unchanged.
 */
export async function importAnswers(options: {
  corpusDir: string
  inDir: string
  modelName: string
  pack?: string
  signal?: AbortSignal
  log?: (line: string) => void
}): Promise<DescribeSummary> {
  const pack = options.pack ?? packDir()
  const prompt = loadNormPrompt(pack)
  const summary = emptySummary()
  for await (const name of exportedAnswers(
    options.inDir,
    (n) => n.endsWith(ANSWER_SUFFIX),
    options.signal,
    summary,
  )) {
    const identifier = name.slice(0, -ANSWER_SUFFIX.length)
    const reason = importOne(options, pack, prompt, identifier)
    if (reason) {
      summary.failed.push({ name, reason })
      options.log?.(`✗ ${identifier}: ${reason}`)
    } else {
      summary.done.push(identifier)
      options.log?.(`✓ ${identifier}`)
    }
  }
  return summary
}

/** One answer → its descriptor written; or why not. */
function importOne(
  options: { corpusDir: string; inDir: string; modelName: string },
  pack: string,
  prompt: NormPrompt,
  identifier: string,
): string | null {
  if (!NORM_IDENTIFIER_RE.test(identifier)) return 'nombre de archivo no apto'
  const metaFile = path.join(options.inDir, `${identifier}${META_SUFFIX}`)
  if (!existsSync(metaFile)) return `falta ${identifier}${META_SUFFIX}: exporta de nuevo`
  let meta: z.infer<typeof exportMeta>
  try {
    meta = exportMeta.parse(JSON.parse(readFileSync(metaFile, 'utf8')))
  } catch {
    return `${identifier}${META_SUFFIX} es inválido`
  }
  const file = path.resolve(options.corpusDir, meta.file)
  const inside = path.relative(options.corpusDir, file)
  if (meta.identifier !== identifier || inside.startsWith('..') || path.isAbsolute(inside))
    return `${identifier}${META_SUFFIX} no corresponde a esta norma`
  const read = readNorm(file)
  if ('reason' in read) return read.reason
  if (read.norm.meta.identifier !== identifier) return `${meta.file} ya no es la norma ${identifier}`
  const hash = sourceHash(normSource(read.norm))
  if (meta.prompt !== prompt.version || meta.source !== hash)
    return 'la norma o el prompt cambiaron desde la exportación: exporta de nuevo'
  const parsed = parseAnswer(readFileSync(path.join(options.inDir, `${identifier}${ANSWER_SUFFIX}`), 'utf8'))
  if (!parsed.ok) return parsed.reason
  writeDescriptor(pack, descriptorOf({ identifier, hash }, parsed.content, options.modelName, prompt))
  return null
}
