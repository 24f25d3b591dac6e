import { existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { descriptorMade, descriptorsDir } from './pack-data'

/**
 * The descriptor index ("voces"): for an article of a norm, the words people use when they ask about what it
 * regulates, as a legal publisher's analytical index gives them: short phrases ('despido sin causa', 'me botaron')
 * and the questions and situations this article answers ('me botaron sin motivo, cuanto me toca'). Written by
 * reading each article, never from evaluation questions; kept in the country pack's `descriptors/<IDENTIFIER>.jsonl`
 * (packs/pe/), one line per article. They are indexed beside the article (weight D, see store.ts) and never shown as its
 * text. See docs/decisions/0010-descriptor-index.md and 0011-people-questions.md.
 */
export const descriptorLine = z
  .object({
    article: z.string().min(1).max(20),
    phrases: z.array(z.string().min(1).max(120)).max(12).default([]),
    questions: z.array(z.string().min(1).max(120)).max(12).default([]),
    // Lines written by `corpus:describe --articles` record how (describe/articles.ts); hand-written lines have none.
    made: descriptorMade.optional(),
  })
  // A generated line may be empty: the article was read and has nothing to say (repealed, 'Vigencia'), and is not
  // asked again while its text is the same. It adds nothing to the index.
  .refine((d) => d.phrases.length + d.questions.length > 0 || d.made !== undefined)
export type DescriptorLine = z.infer<typeof descriptorLine>

/** A norm's descriptor file, read. Its bytes are part of the norm's content hash (ingest.ts). */
export type Descriptors = {
  /** Article number → its phrases. */
  byArticle: Map<string, string[]>
  /** Lines that are not a descriptor, by line number. */
  problems: string[]
}

/** The country pack's descriptor index (packs/pe/descriptors/). */
export const defaultDescriptorsDir = () => descriptorsDir()

/** The descriptor file of a norm, by its file name ('CON-1993.md' → CON-1993.jsonl); null when it has none. */
export function descriptorFile(dir: string, normFileName: string): string | null {
  const file = path.join(dir, `${path.basename(normFileName, '.md')}.jsonl`)
  return existsSync(file) ? file : null
}

export function parseDescriptors(bytes: Buffer): Descriptors {
  const byArticle = new Map<string, string[]>()
  const problems: string[] = []
  bytes
    .toString('utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return
      let parsed: ReturnType<typeof descriptorLine.safeParse>
      try {
        parsed = descriptorLine.safeParse(JSON.parse(line))
      } catch {
        problems.push(`línea ${i + 1}: no es JSON`)
        return
      }
      if (!parsed.success) {
        problems.push(`línea ${i + 1}: no es un descriptor (article, phrases o questions)`)
        return
      }
      const { article, phrases, questions } = parsed.data
      if (!phrases.length && !questions.length) return
      byArticle.set(article, [...(byArticle.get(article) ?? []), ...phrases, ...questions])
    })
  return { byArticle, problems }
}
