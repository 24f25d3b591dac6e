/**
 * The second stage of ranking, in TypeScript over a few hundred candidates: a BM25F score per query concept
 * (heading, structure and text weighted apart, text normalised by length so a giant passage does not win by
 * size), summed per idea of the question, times how many of the question's ideas a passage covers, times priors
 * for the kind of passage and the norm.
 */

/** A stem of the query, with its family and corrections (membership < 1), weight and idf. */
export type Concept = {
  key: string
  members: Map<string, number>
  weight: number
  idf: number
  /** The ideas (query units) it stands for. */
  units: number[]
}

/** A candidate passage with the query lexemes it holds: 'lexeme:weights' pairs, e.g. 'despid:ACC mandat:B'. */
export type Candidate = {
  id: number
  documentId: number
  kind: string
  priority: number
  status: string | null
  /** Content length in bytes. */
  length: number
  matches: string | null
  /** Its norm is the one the query names. */
  mentioned: boolean
}

export const RANK = {
  /** Field weights: label and heading (A), structure path and title (B), text (C, 1). */
  heading: 4,
  path: 0.8,
  /** BM25 saturation and length normalisation of the text. */
  k1: 1.2,
  b: 0.75,
  /** Within one idea, words past the best one count this much (they say the same thing). */
  sameIdea: 0.6,
  /** Exponent of coverage (share of the question's ideas a passage holds, by importance). */
  coverage: 2,
  /** Prior exponent on (1 + priority/100): constitution 100, codes 80, laws 50, decrees 30. */
  priority: 1,
  /** Boost for passages of a norm the query names. */
  mentioned: 3,
}

const KIND_PRIOR: Record<string, number> = {
  articulo: 1,
  sumilla: 0.9,
  fundamento: 0.8,
  disposicion: 0.75,
  decision: 0.6,
  preambulo: 0.4,
  vistos: 0.4,
  encabezado: 0.3,
}

export type FieldCounts = { a: number; b: number; c: number }

/** 'despid:ACC mandat:B' → despid {a:1,c:2}, mandat {b:1}. */
export function parseMatches(m: string | null): Map<string, FieldCounts> {
  const out = new Map<string, FieldCounts>()
  if (!m) return out
  for (const item of m.split(' ')) {
    const colon = item.lastIndexOf(':')
    if (colon < 0) continue
    const counts: FieldCounts = { a: 0, b: 0, c: 0 }
    for (const ch of item.slice(colon + 1)) {
      if (ch === 'A') counts.a++
      else if (ch === 'B') counts.b++
      else counts.c++
    }
    out.set(item.slice(0, colon), counts)
  }
  return out
}

export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5))
}

/**
 * The query as the ranking sees it: concepts, and for each idea its importance, the idf of its most specific
 * word. Any of an idea's words covers it, the law's as well as the user's ('duración' covers 'dura').
 */
export type RankQuery = { concepts: Concept[]; importance: number[] }

export function rankQuery(concepts: Concept[], unitCount: number): RankQuery {
  const importance = new Array<number>(unitCount).fill(0)
  for (const c of concepts) for (const u of c.units) importance[u] = Math.max(importance[u]!, c.idf)
  return { concepts, importance }
}

export type RankContext = { meanLength: number }

export function scoreCandidate(c: Candidate, q: RankQuery, ctx: RankContext): number {
  const matches = parseMatches(c.matches)
  const norm = 1 - RANK.b + (RANK.b * c.length) / ctx.meanLength
  const units = q.importance.length
  const best = new Array<number>(units).fill(0)
  const sum = new Array<number>(units).fill(0)
  const cover = new Array<number>(units).fill(0)
  for (const concept of q.concepts) {
    let a = 0
    let b = 0
    let t = 0
    for (const [stem, membership] of concept.members) {
      const m = matches.get(stem)
      if (!m) continue
      a += membership * m.a
      b += membership * m.b
      t += membership * m.c
    }
    const tf = RANK.heading * a + RANK.path * b + t / norm
    if (tf <= 0) continue
    const importance = concept.weight * concept.idf
    const score = importance * ((tf * (RANK.k1 + 1)) / (RANK.k1 + tf))
    for (const u of concept.units) {
      best[u] = Math.max(best[u]!, score)
      sum[u]! += score
      cover[u] = Math.max(cover[u]!, concept.idf * Math.min(1, tf))
    }
  }
  let total = 0
  let covered = 0
  let possible = 0
  for (let u = 0; u < units; u++) {
    total += best[u]! + RANK.sameIdea * (sum[u]! - best[u]!)
    covered += cover[u]!
    possible += q.importance[u]!
  }
  if (total <= 0) return 0
  const coverage = possible > 0 ? covered / possible : 0
  return (
    total *
    coverage ** RANK.coverage *
    (KIND_PRIOR[c.kind] ?? 0.5) *
    (1 + c.priority / 100) ** RANK.priority *
    (c.status === null || c.status === 'in_force' ? 1 : 0.7) *
    (c.mentioned ? RANK.mentioned : 1)
  )
}
