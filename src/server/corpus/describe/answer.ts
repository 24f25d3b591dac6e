import { type NormDescriptorContent, normDescriptorContent } from '../pack/pack-data'

export type ParsedAnswer = { ok: true; content: NormDescriptorContent } | { ok: false; reason: string }

/** Case and accents aside, the same phrase: a repeat adds nothing to the index. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

export function unique(items: string[]): string[] {
  const seen = new Set<string>()
  return items.filter((item) => {
    const key = fold(item)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * A model's (or a person's) answer to the norm-descriptor prompt → its content, or why it is not one. Models often
 * wrap JSON in a code block or a sentence despite being told not to: the outermost object is taken.
 */
export function parseAnswer(text: string): ParsedAnswer {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end < start) return { ok: false, reason: 'la respuesta no es un objeto JSON' }
  let data: unknown
  try {
    data = JSON.parse(text.slice(start, end + 1))
  } catch {
    return { ok: false, reason: 'la respuesta no es JSON válido' }
  }
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>
    for (const key of ['names', 'concerns', 'questions']) {
      const items = d[key]
      if (Array.isArray(items) && items.every((v) => typeof v === 'string'))
        d[key] = unique(items.map((v) => v.trim()))
    }
  }
  const parsed = normDescriptorContent.safeParse(data)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || 'objeto'}: ${i.message}`)
      .join('; ')
    return { ok: false, reason: `la respuesta no cumple el formato (${issues})` }
  }
  return { ok: true, content: parsed.data }
}
