import { articleHits, type SearchHit } from '../corpus/search/search'
import type { Db } from '../db/client'

/**
 * At most this many articles join an answer for rewriting one it quotes: the answer's own sources come first, and a
 * norm rewritten again and again ('Ley Orgánica de Municipalidades', article 9) would otherwise crowd them out.
 */
export const MAX_REWRITING = 2

/**
 * The answer's norms with, after each article whose folder text differs from what a later norm rewrote it to
 * (corpus/search/amendments.ts), the article that rewrote it, in the agent's scope: the person reads the text in
 * force beside the older one, not only a warning that it may have changed. Scored as the article it follows, so it
 * is quoted where that one is; an article already among the norms is not repeated. Order otherwise kept: the lead
 * stays the lead.
 */
export async function withRewritingArticles(
  db: Db,
  norms: SearchHit[],
  scope: { country?: string; documents?: string[] },
): Promise<SearchHit[]> {
  const wanted = norms.flatMap((h) => h.amendedBy.filter((a) => a.differs))
  if (!wanted.length) return norms
  const found = await articleHits(db, wanted, scope)
  const key = (identifier: string, label: string) => `${identifier} ${label}`
  const byKey = new Map(found.map((h) => [key(h.identifier, h.label), h]))
  const shown = new Set(norms.map((h) => h.passageId))
  const out: SearchHit[] = []
  let added = 0
  for (const hit of norms) {
    out.push(hit)
    for (const a of hit.amendedBy.filter((x) => x.differs)) {
      const rewriting = byKey.get(key(a.identifier, a.article))
      if (!rewriting || shown.has(rewriting.passageId) || added >= MAX_REWRITING) continue
      shown.add(rewriting.passageId)
      added++
      out.push({ ...rewriting, score: hit.score })
    }
  }
  return out
}
