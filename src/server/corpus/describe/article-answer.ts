import { z } from 'zod'
import { unique } from './answer'

/** What the article-descriptor prompt asks for, per article: 2–6 of each, or none for a repealed or formal one. */
const item = z.string().trim().min(2).max(120)
const articleAnswer = z.object({
  article: z.union([z.string(), z.number()]).transform(String),
  phrases: z.array(item).max(6),
  questions: z.array(item).max(6),
})
export type ArticleAnswer = { article: string; phrases: string[]; questions: string[] }

export type ParsedArticleAnswer = { ok: true; articles: ArticleAnswer[] } | { ok: false; reason: string }

/**
 * A model's (or a person's) answer for one batch → per article its phrases and questions, or why it is not one.
 * Every article of the batch must be answered once, and no other: an answer that drifts to articles it was not
 * given would put words on the wrong article. The outermost array is taken (models wrap JSON in prose).
 */
export function parseArticleAnswer(text: string, batch: string[]): ParsedArticleAnswer {
  const start = text.indexOf('[')
  const end = text.lastIndexOf(']')
  if (start < 0 || end < start) return { ok: false, reason: 'la respuesta no es un arreglo JSON' }
  let data: unknown
  try {
    data = JSON.parse(text.slice(start, end + 1))
  } catch {
    return { ok: false, reason: 'la respuesta no es JSON válido' }
  }
  const parsed = z.array(articleAnswer).safeParse(data)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || 'arreglo'}: ${i.message}`)
      .join('; ')
    return { ok: false, reason: `la respuesta no cumple el formato (${issues})` }
  }
  const expected = new Set(batch)
  const seen = new Set<string>()
  for (const { article } of parsed.data) {
    if (!expected.has(article)) return { ok: false, reason: `el artículo ${article} no es de este lote` }
    if (seen.has(article)) return { ok: false, reason: `el artículo ${article} aparece dos veces` }
    seen.add(article)
  }
  const missing = batch.filter((a) => !seen.has(a))
  if (missing.length) return { ok: false, reason: `faltan los artículos ${missing.join(', ')}` }
  return {
    ok: true,
    articles: parsed.data.map((a) => ({
      article: a.article,
      phrases: unique(a.phrases),
      questions: unique(a.questions),
    })),
  }
}
