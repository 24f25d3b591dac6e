import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { LlmSettings } from '../../research/llm-client'
import type { DescriptorLine } from '../pack/descriptors'
import { NORM_IDENTIFIER_RE } from '../pack/pack-data'
import { packDir } from '../pack/pack-dir'
import type { ParsedNorm } from '../types'
import { type ArticleAnswer, parseArticleAnswer } from './article-answer'
import { descriptorPath, handWritten, mergeLines, readLines } from './article-lines'
import {
  type ArticleBlock,
  articleBlock,
  batchBlocks,
  describableArticles,
  fillArticlePrompt,
  loadArticlePrompt,
} from './article-prompt'
import { askEach, askModel } from './ask-model'
import { type DescribeOptions, type DescribeSummary, emptySummary } from './describe'
import { exportedAnswers, readNorm, writeAtomic } from './files'
import type { NormPrompt } from './prompt'
import { selectedNorms } from './selected-norms'

/**
 * `npm run corpus:describe -- --articles`: article-level descriptors (the phrases and questions people use for
 * what one article regulates) for chosen norms, written as lines of the pack's descriptors/<norm>.jsonl — the
 * descriptor index ingestion already reads — each recording its model, prompt version and the hash of the
 * article's text as given. Articles go to the model in batches of one norm; an article whose line has the same
 * prompt and source is not asked again, and a hand-written line (no `made`) is never replaced.
 */

export type ArticleSummary = DescribeSummary & {
  /** Articles described, exported or imported (an answered article may get no line: repealed, formal). */
  articles: number
  /** Articles left as their hand-written lines have them. */
  handWritten: number
}

type Batch = {
  identifier: string
  /** The norm's file, relative to the corpus folder. */
  relative: string
  file: string
  norm: ParsedNorm
  index: number
  blocks: ArticleBlock[]
}

const emptyArticleSummary = (): ArticleSummary => ({ ...emptySummary(), articles: 0, handWritten: 0 })
const batchName = (b: { identifier: string; index: number }) => `${b.identifier}.b${b.index}`

/** The selected norms' articles that need describing, in batches; numbered per norm from 1. */
async function plan(
  options: DescribeOptions,
  pack: string,
  prompt: NormPrompt,
): Promise<{ batches: Batch[]; summary: ArticleSummary }> {
  const summary = emptyArticleSummary()
  const batches: Batch[] = []
  const norms = selectedNorms(options, summary, (n) => describableArticles(n).length > 0)
  for await (const { file, relative, identifier, norm } of norms) {
    const lines = readLines(descriptorPath(pack, file))
    const byHand = handWritten(lines)
    const made = new Map(lines.flatMap((l) => (l.line?.made ? [[l.article!, l.line.made] as const] : [])))
    const blocks: ArticleBlock[] = []
    for (const article of describableArticles(norm)) {
      if (byHand.has(article.number)) {
        summary.handWritten++
        continue
      }
      const block = articleBlock(article)
      const previous = made.get(article.number)
      if (previous?.prompt === prompt.version && previous.source === block.hash) summary.unchanged++
      else blocks.push(block)
    }
    for (const [i, batch] of batchBlocks(blocks).entries())
      batches.push({ identifier, relative, file, norm, index: i + 1, blocks: batch })
  }
  const limit = options.limit ?? Number.POSITIVE_INFINITY
  summary.pending = Math.max(0, batches.length - limit)
  return { batches: batches.slice(0, limit), summary }
}

/** The answered articles' lines merged into the norm's descriptor file. */
function writeAnswers(
  pack: string,
  batch: { file: string; norm: ParsedNorm; blocks: ArticleBlock[] },
  answers: ArticleAnswer[],
  model: string,
  prompt: NormPrompt,
): void {
  const at = new Date().toISOString()
  const hashes = new Map(batch.blocks.map((b) => [b.article, b.hash]))
  // An article answered with nothing (repealed, formal) still gets its line, empty: it records that this text was
  // read, so the next run does not ask again; the index skips it (descriptors.ts).
  const fresh: DescriptorLine[] = answers.map((a) => ({
    article: a.article,
    phrases: a.phrases,
    questions: a.questions,
    made: { model, prompt: prompt.version, source: hashes.get(a.article)!, at },
  }))
  const order = new Map(batch.norm.articles.map((a) => [a.number, a.ordinal]))
  mergeLines(descriptorPath(pack, batch.file), new Set(answers.map((a) => a.article)), fresh, order)
}

export async function describeArticles(
  options: DescribeOptions & { llm: LlmSettings; concurrency?: number; fetch?: typeof fetch },
): Promise<ArticleSummary> {
  const pack = options.pack ?? packDir()
  const prompt = loadArticlePrompt(pack)
  const { batches, summary } = await plan(options, pack, prompt)
  const signal = options.signal ?? new AbortController().signal
  const { pending } = await askEach(
    batches,
    { concurrency: options.concurrency, signal },
    (batch) => {
      const numbers = batch.blocks.map((b) => b.article)
      return askModel(
        options.llm,
        fillArticlePrompt(prompt, batch.norm, batch.blocks),
        (text) => {
          const parsed = parseArticleAnswer(text, numbers)
          return parsed.ok ? { ok: true, value: parsed.articles } : parsed
        },
        (reason) =>
          `Esa respuesta no sirve: ${reason}. Responde de nuevo solo con el arreglo JSON pedido, un objeto (article, phrases, questions) por cada artículo: ${numbers.join(', ')}.`,
        signal,
        options.fetch,
      )
    },
    (batch, articles, finished) => {
      const name = batchName(batch)
      // Synchronous read-merge-write: concurrent batches of one norm never interleave inside it.
      writeAnswers(pack, batch, articles, options.llm.model, prompt)
      summary.done.push(name)
      summary.articles += articles.length
      options.log?.(`✓ ${name}: ${articles.length} artículos (${finished}/${batches.length})`)
    },
    (batch, reason, finished) => {
      const name = batchName(batch)
      summary.failed.push({ name, reason })
      options.log?.(`✗ ${name} (${finished}/${batches.length}): ${reason}`)
    },
  )
  summary.pending += pending
  if (signal.aborted) summary.interrupted = true
  return summary
}

/** Beside each exported batch prompt: its norm, prompt version and articles with their hashes. */
const batchMeta = z.object({
  identifier: z.string().regex(NORM_IDENTIFIER_RE),
  file: z.string().min(1),
  batch: z.number().int().min(1),
  prompt: z.string().min(1),
  articles: z
    .array(z.object({ article: z.string().min(1), source: z.string().regex(/^[0-9a-f]{64}$/) }))
    .min(1),
})

const PROMPT_SUFFIX = '.prompt.md'
const META_SUFFIX = '.meta.json'
const ANSWER_RE = /^(.+)\.b(\d+)\.answer\.json$/

/** Each batch that needs describing as DIR/<IDENTIFIER>.b<k>.prompt.md (the exact text a model would get) + .meta.json. */
export async function exportArticlePrompts(
  options: DescribeOptions & { outDir: string },
): Promise<ArticleSummary> {
  const pack = options.pack ?? packDir()
  const prompt = loadArticlePrompt(pack)
  const { batches, summary } = await plan(options, pack, prompt)
  for (const batch of batches) {
    const base = path.join(options.outDir, batchName(batch))
    writeAtomic(`${base}${PROMPT_SUFFIX}`, fillArticlePrompt(prompt, batch.norm, batch.blocks))
    const meta: z.infer<typeof batchMeta> = {
      identifier: batch.identifier,
      file: batch.relative,
      batch: batch.index,
      prompt: prompt.version,
      articles: batch.blocks.map((b) => ({ article: b.article, source: b.hash })),
    }
    writeAtomic(`${base}${META_SUFFIX}`, `${JSON.stringify(meta, null, 2)}\n`)
    summary.done.push(batchName(batch))
    summary.articles += batch.blocks.length
  }
  return summary
}

/**
 * The answers written for exported batches (DIR/<IDENTIFIER>.b<k>.answer.json) → descriptor lines recorded as made
 * by `modelName`. A batch is taken whole or not at all, and only while its prompt is the current one and every one
 * of its articles reads as it did when exported.
 */
export async function importArticleAnswers(options: {
  corpusDir: string
  inDir: string
  modelName: string
  pack?: string
  signal?: AbortSignal
  log?: (line: string) => void
}): Promise<ArticleSummary> {
  const pack = options.pack ?? packDir()
  const prompt = loadArticlePrompt(pack)
  const summary = emptyArticleSummary()
  for await (const name of exportedAnswers(
    options.inDir,
    (n) => ANSWER_RE.test(n),
    options.signal,
    summary,
  )) {
    const base = name.replace(/\.answer\.json$/, '')
    const result = importOne(options, pack, prompt, name)
    if (typeof result === 'string') {
      summary.failed.push({ name, reason: result })
      options.log?.(`✗ ${base}: ${result}`)
    } else {
      summary.done.push(base)
      summary.articles += result
      options.log?.(`✓ ${base}: ${result} artículos`)
    }
  }
  return summary
}

/** One batch's answer → its lines written (how many articles it answered); or why not. */
function importOne(
  options: { corpusDir: string; inDir: string; modelName: string },
  pack: string,
  prompt: NormPrompt,
  name: string,
): number | string {
  const [, identifier, k] = ANSWER_RE.exec(name)!
  if (!NORM_IDENTIFIER_RE.test(identifier!)) return 'nombre de archivo no apto'
  const metaName = `${identifier}.b${k}${META_SUFFIX}`
  const metaFile = path.join(options.inDir, metaName)
  if (!existsSync(metaFile)) return `falta ${metaName}: exporta de nuevo`
  let meta: z.infer<typeof batchMeta>
  try {
    meta = batchMeta.parse(JSON.parse(readFileSync(metaFile, 'utf8')))
  } catch {
    return `${metaName} es inválido`
  }
  const file = path.resolve(options.corpusDir, meta.file)
  const inside = path.relative(options.corpusDir, file)
  if (
    meta.identifier !== identifier ||
    meta.batch !== Number(k) ||
    inside.startsWith('..') ||
    path.isAbsolute(inside)
  )
    return `${metaName} no corresponde a este lote`
  const read = readNorm(file)
  if ('reason' in read) return read.reason
  if (read.norm.meta.identifier !== identifier) return `${meta.file} ya no es la norma ${identifier}`
  const current = new Map(describableArticles(read.norm).map((a) => [a.number, articleBlock(a)]))
  const blocks = meta.articles.map((a) => current.get(a.article))
  if (meta.prompt !== prompt.version || blocks.some((b, i) => b?.hash !== meta.articles[i]!.source))
    return 'la norma o el prompt cambiaron desde la exportación: exporta de nuevo'
  // Never over a hand-written line, even if one was added after the export.
  const byHand = handWritten(readLines(descriptorPath(pack, file)))
  const taken = meta.articles.filter((a) => byHand.has(a.article)).map((a) => a.article)
  if (taken.length) return `los artículos ${taken.join(', ')} ya tienen descriptores escritos a mano`
  const parsed = parseArticleAnswer(
    readFileSync(path.join(options.inDir, name), 'utf8'),
    meta.articles.map((a) => a.article),
  )
  if (!parsed.ok) return parsed.reason
  writeAnswers(
    pack,
    { file, norm: read.norm, blocks: blocks as ArticleBlock[] },
    parsed.articles,
    options.modelName,
    prompt,
  )
  return parsed.articles.length
}
