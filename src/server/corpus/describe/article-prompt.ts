import { createHash } from 'node:crypto'
import { packDir } from '../pack/pack-dir'
import type { NormArticle, ParsedNorm } from '../types'
import { clip, loadPackPrompt, type NormPrompt } from './prompt'

/**
 * The article-descriptor prompt (packs/<country>/prompts/article-descriptors.v<N>.md) and the batches of articles
 * it is filled with. Each article goes in as a block of its own — number, heading, text cut to a budget — and the
 * block's hash is what its descriptor line records as `made.source`: an article whose block is unchanged is not
 * asked again, whatever happens to the rest of the norm.
 */

const PLACEHOLDERS = ['title', 'identifier', 'articles'] as const

/** Per article and per batch, in characters; a batch also holds at most this many articles. */
export const ARTICLE_BUDGET = 1200
export const BATCH_BUDGET = 12_000
export const BATCH_ARTICLES = 20

/** One article as the prompt gives it. */
export type ArticleBlock = { article: string; text: string; hash: string }

export const loadArticlePrompt = (dir = packDir()): NormPrompt =>
  loadPackPrompt(dir, 'article-descriptors', PLACEHOLDERS)

/**
 * The units that can carry a descriptor line: the index attaches descriptors to articles only (documents.ts), by
 * number, and a line's article is at most 20 characters (descriptors.ts).
 */
export const describableArticles = (norm: ParsedNorm): NormArticle[] =>
  norm.articles.filter((a) => a.kind === 'articulo' && a.number.length <= 20 && a.text.trim())

export function articleBlock(article: NormArticle): ArticleBlock {
  const head = `[${article.number}] ${article.label}${article.heading ? `. ${article.heading}` : ''}`
  const text = `${head}\n${clip(article.text.trim(), ARTICLE_BUDGET)}`
  return { article: article.number, text, hash: createHash('sha256').update(text).digest('hex') }
}

/** Consecutive blocks, at most BATCH_ARTICLES and BATCH_BUDGET characters a batch (a lone long block still goes). */
export function batchBlocks(blocks: ArticleBlock[]): ArticleBlock[][] {
  const batches: ArticleBlock[][] = []
  let current: ArticleBlock[] = []
  let used = 0
  for (const block of blocks) {
    const size = block.text.length + 2
    if (current.length && (current.length >= BATCH_ARTICLES || used + size > BATCH_BUDGET)) {
      batches.push(current)
      current = []
      used = 0
    }
    current.push(block)
    used += size
  }
  if (current.length) batches.push(current)
  return batches
}

export function fillArticlePrompt(prompt: NormPrompt, norm: ParsedNorm, batch: ArticleBlock[]): string {
  const values: Record<(typeof PLACEHOLDERS)[number], string> = {
    title: norm.meta.title,
    identifier: norm.meta.identifier,
    articles: batch.map((b) => b.text).join('\n\n'),
  }
  // A function replacer: the norm's text may hold '$&' or '{{…}}', which must go in as written.
  return prompt.template.replace(/\{\{(\w+)\}\}/g, (_m, key: keyof typeof values) => values[key])
}
