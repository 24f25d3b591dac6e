import { PARTLY_REPEALED, REPEALED } from '../../../shared/norm-status'

/**
 * The second stage of ranking, in TypeScript over a few thousand candidates: a BM25F score per query concept
 * (heading, structure and text weighted apart, text normalised by length so a giant passage does not win by
 * size), summed per idea of the question, times how many of the question's ideas a passage covers, times priors
 * for the kind of passage and the norm. A long passage is judged by its best window of text too: the Constitution's
 * article 2 lists twenty-four rights, and a question about one of them is answered by a few lines of it.
 */

/** Where a concept's words came from: the user's own, a correction of a misspelt one, the thesaurus (the law's). */
export type ConceptSource = 'user' | 'correction' | 'law'

/** A stem of the query, with its family and corrections (membership < 1), weight and idf. */
export type Concept = {
  key: string
  members: Map<string, number>
  weight: number
  idf: number
  /** The ideas (query units) it stands for. */
  units: number[]
  /** Unset: the user's (tests build concepts by hand). */
  source?: ConceptSource
}

/**
 * How a passage holds one idea of the question, the strongest way first: the user's own word in its heading, path
 * or text; the thesaurus' word for it there; a misspelling's correction there; only the descriptor index's words
 * for the article (people's words for what it regulates, not its text).
 */
export type IdeaSource = ConceptSource | 'descriptor'

/**
 * What the ranking knew of a text hit, for deciding whether it answers (research/relevance.ts) without judging
 * its text again.
 */
export type Evidence = {
  /** Per idea of the question: how the passage holds it, or null. */
  ideas: (IdeaSource | null)[]
  /**
   * Per idea: its importance (the idf of its most specific concept); an idea the index has no word for at all
   * ('ceviche') weighs as the rarest word: no passage holds it.
   */
  weights: number[]
  /** Its norm is the one the question names. */
  mentioned: boolean
  /** How well its norm fits the question at the norm level (0..1, norm-stage.ts). */
  normFit: number
  /** Its score over the best text hit's of the same search (1 for the best). */
  margin: number
}

/** The per-idea part of a candidate's evidence (search.ts adds the margin once all are scored). */
export function ideaEvidence(c: Candidate, q: RankQuery, unknownWeight: number): Omit<Evidence, 'margin'> {
  const units = q.importance.length
  const ideas = new Array<IdeaSource | null>(units).fill(null)
  const order: IdeaSource[] = ['descriptor', 'correction', 'law', 'user']
  for (const concept of q.concepts) {
    let inText = false
    let inDescriptors = false
    for (const stem of concept.members.keys()) {
      const m = c.matches.get(stem)
      if (!m) continue
      if (m.a || m.b || m.c) inText = true
      if (m.d) inDescriptors = true
    }
    const source: IdeaSource | null = inText
      ? (concept.source ?? 'user')
      : inDescriptors
        ? 'descriptor'
        : null
    if (!source) continue
    for (const u of concept.units) {
      const now = ideas[u]
      if (!now || order.indexOf(source) > order.indexOf(now)) ideas[u] = source
    }
  }
  return {
    ideas,
    weights: q.importance.map((w) => (w > 0 ? w : unknownWeight)),
    mentioned: c.mentioned,
    normFit: c.normFit,
  }
}

/**
 * How often a lexeme stands in a passage's heading (A), structure path and title (B), text (C) and the descriptor
 * index's words for it (D).
 */
export type FieldCounts = {
  a: number
  b: number
  c: number
  d: number
  /** Where in the text, when known (token positions). */
  at?: number[]
  /** Where in the descriptors, when known. */
  atD?: number[]
}

/** A candidate passage, with how often it holds each query lexeme in each field. */
export type Candidate = {
  id: number
  documentId: number
  kind: string
  priority: number
  status: string | null
  /** Other norms that cite its norm. */
  cited: number
  /** Content length in bytes. */
  length: number
  matches: Map<string, FieldCounts>
  /** Its norm is the one the query names. */
  mentioned: boolean
  /** Its norm governs the area of law the query's words belong to. */
  inDomain: boolean
  /** How well its norm fits the question at the norm level, relative to the best norm (0..1, norm-stage.ts). */
  normFit: number
  /** Per idea of the question, how fully its norm's profile holds it (0..1), when the norm-level stage kept it. */
  normCover?: readonly number[]
  /** It is the first (1) or second (2) article of its section; 0 otherwise. */
  opening: number
  /** Its text amends another norm's ('Modifícase el artículo 5 de la Ley…'); unset: no. */
  amending?: boolean
}

export const RANK = {
  /** Field weights: label and heading (A), structure path and title (B), text (C, 1). */
  heading: 4,
  path: 0.8,
  /**
   * People's words for what the article regulates (descriptors.ts): one mention of a word there says the article is
   * about it, more than one in its text, less than its heading.
   */
  descriptor: 2,
  /** BM25 saturation and length normalisation of the text. */
  k1: 1.2,
  b: 0.75,
  /** Within one idea, words past the best one count this much (they say the same thing). */
  sameIdea: 1,
  /** Exponent of coverage (share of the question's ideas a passage holds, by importance). */
  coverage: 1.5,
  /** Boost for the user's words standing together in the text as in the question ('bienes propios'). */
  phrase: 0.5,
  /** Most tokens between two such words. */
  phraseGap: 3,
  /** Prior exponent on (1 + priority/100): constitution 100, codes 80, laws 50, decrees 30. */
  priority: 2,
  /**
   * Boost for passages of a norm the query names, and of a norm of the query's area of law. A named law's articles
   * come first (issue 15): at 3 a law named by its acronym ('cts', 'igv') lost to codes sharing the question's other
   * words; 8–12 is a plateau on the tune parts (tune-wide recall@5 0.715 → 0.727, MRR 0.539 → 0.561), past 16 the
   * holdout's MRR falls.
   */
  mentioned: 10,
  domain: 1.6,
  /**
   * Boost for passages of the norms the norm-level stage chose, times their fit (norm-stage.ts). 2 → 1 with
   * `inherit` 0.5 (decision 0015 §15): a chosen norm's articles inherit its ideas instead of a flat boost.
   */
  normFit: 1,
  /**
   * Share of an idea an article inherits from its norm, times the norm's fit: in the Ley de Trabajadores del Hogar
   * every article is about domestic workers though few say so, and the one that answers how many hours they work
   * is the one that speaks of hours. An article covers an idea as well as its own words or its norm's profile do.
   */
  inherit: 0.5,
  /**
   * Boost for the article that opens its section, and half as much for the second: there the law defines the
   * institution or states its general rule ('Noción de alimentos', 'Órdenes sucesorios', 'Supuestos de
   * aplicación'), which is what a question in people's words most often asks.
   */
  opening: 0.45,
  /**
   * Prior of an article whose text amends another norm's ('Modifícase el artículo 5 de la Ley N.° 30364…'): the
   * amended norm, which the folder mostly holds consolidated, states the same rule in its place among its neighbours
   * (not always: Ley 26790's file keeps the 1997 text of the article Ley 31469 rewrote, decision 0015 §33).
   * Swept on the tune parts (0.1–0.7): 0.5 best, tune-wide recall@5 0.739 → 0.752, tune MRR 0.729 → 0.743; the
   * same prior on the amending norm at the norm level (× 0.2–0.5 by its share of such articles) gained nothing on
   * tune-wide's recall@5 and lowered holdout's MRR (decision 0015 §13).
   */
  amending: 0.5,
  /**
   * Prior of a norm a later norm of the folder repeals whole (repeals.ts): its articles are history, which a person
   * asking what the law says should read only when nothing in force answers, or when the question names it.
   * Swept on the tune parts (0.7, 0.4, 0.2): 0.4 and 0.2 put the forest law of 2011 before the one it repealed
   * (tune-wide recall@5 .830 → .836), nothing else moved (decision 0015 §25).
   */
  repealed: 0.4,
  /** Boost for a passage that states the kind of answer the question asks for: a term, an amount (answer-type.ts). */
  answerType: 0.3,
  /** Boost for a passage that states a number of what a 'cuántos …' question counts (answer-type.ts). */
  countType: 1,
  /**
   * Boost for a passage whose heading names what a 'qué X' / 'cuáles son los X' question asks for (answer-type.ts
   * focusAsked): 'Bienes objeto de garantía mobiliaria' for 'qué bienes…', beside the articles that name only the
   * institution. Swept on the tune parts (decision 0015 §23): 0.3 / 0.6–2 → tune-wide r@5 .800 → .806 / .812, tune
   * MRR .787 → .792, flat from 0.6 to 2; 1 (the score doubled), as `countType`.
   */
  focus: 1,
  /** Boost for a candidate in proportion to its section's share of the best candidates' scores (search.ts). */
  section: 0.3,
  /**
   * Prior of use: × (1 + use·log10(1 + citing norms / useScale)). A handful of citations says little (among the
   * fifteen norms of the demo subset every code cites a few others); hundreds say the norm is one people use.
   */
  use: 0.3,
  useScale: 5,
  /** A window of text, in tokens, and its length in bytes for the normalisation. */
  window: 120,
  windowBytes: 780,
  /**
   * Until the exact positions are read, a long passage is normalised as if it were this long (bytes): its best
   * window may answer, and it must not fall out of the candidates that get a second look.
   */
  longCap: 1500,
}

export const KIND_PRIOR: Record<string, number> = {
  articulo: 1,
  sumilla: 0.9,
  fundamento: 0.8,
  disposicion: 0.75,
  decision: 0.6,
  preambulo: 0.4,
  vistos: 0.4,
  encabezado: 0.3,
}

export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5))
}

/**
 * The query as the ranking sees it: concepts, and for each idea its importance, the idf of its most specific
 * word. Any of an idea's words covers it, the law's as well as the user's ('animal' covers 'perro'), in proportion
 * to how specific it is.
 */
export type RankQuery = {
  concepts: Concept[]
  importance: number[]
  /** Consecutive ideas of the user's own words (their stems), which stand together in a passage that answers. */
  pairs: { first: Set<string>; second: Set<string>; weight: number }[]
  /**
   * Stem → the concepts (indices) it is a member of. A passage holds a few of the query's stems: scoring starts
   * from them instead of trying every concept on every one of thousands of candidates.
   */
  conceptsOf: Map<string, number[]>
  /**
   * The query's stems, each at a slot: the first stage keeps a candidate's counts in a flat row by slot
   * (candidate-pool.ts), and the ranking reads any passage's counts from such a row.
   */
  stems: string[]
  slotOf: Map<string, number>
  /** Per concept, its members as slots with their membership, in the members' order. */
  memberSlots: { slot: number; membership: number }[][]
  /** Per slot, the concepts (indices) its stem is a member of. */
  conceptsOfSlot: number[][]
}

/** The stems of one idea of the question (by index): every member of every concept that stands for it. */
export function unitStems(concepts: readonly Concept[], unit: number): Set<string> {
  return new Set(concepts.filter((c) => c.units.includes(unit)).flatMap((c) => [...c.members.keys()]))
}

/** `userUnits`: the ideas made of the user's own words, in the question's order. */
export function rankQuery(concepts: Concept[], unitCount: number, userUnits: number[] = []): RankQuery {
  const importance = new Array<number>(unitCount).fill(0)
  for (const c of concepts) for (const u of c.units) importance[u] = Math.max(importance[u]!, c.idf)
  const stemsOf = (u: number) => unitStems(concepts, u)
  const pairs = []
  for (let i = 0; i + 1 < userUnits.length; i++) {
    const [a, b] = [userUnits[i]!, userUnits[i + 1]!]
    if (importance[a]! > 0 && importance[b]! > 0)
      pairs.push({ first: stemsOf(a), second: stemsOf(b), weight: Math.min(importance[a]!, importance[b]!) })
  }
  const conceptsOf = new Map<string, number[]>()
  concepts.forEach((c, i) => {
    for (const stem of c.members.keys()) conceptsOf.set(stem, [...(conceptsOf.get(stem) ?? []), i])
  })
  const stems = [...conceptsOf.keys()]
  const slotOf = new Map(stems.map((stem, slot) => [stem, slot]))
  const memberSlots = concepts.map((c) =>
    [...c.members].map(([stem, membership]) => ({ slot: slotOf.get(stem)!, membership })),
  )
  const conceptsOfSlot = stems.map((stem) => conceptsOf.get(stem)!)
  return { concepts, importance, pairs, conceptsOf, stems, slotOf, memberSlots, conceptsOfSlot }
}

/**
 * The share of the question's consecutive word pairs (by weight) that stand together in the text, or in one of
 * the descriptor index's phrases for it ('me botaron sin motivo').
 */
function phraseShare(matches: Map<string, FieldCounts>, q: RankQuery): number {
  let hit = 0
  let all = 0
  const together = (
    first: Set<string>,
    second: Set<string>,
    at: (m: FieldCounts) => number[] | undefined,
  ) => {
    const b = new Set<number>()
    for (const s of second) for (const p of at(matches.get(s) ?? EMPTY) ?? []) b.add(p)
    if (!b.size) return false
    for (const s of first)
      for (const p of at(matches.get(s) ?? EMPTY) ?? [])
        for (let d = 1; d <= RANK.phraseGap; d++) if (b.has(p + d)) return true
    return false
  }
  for (const { first, second, weight } of q.pairs) {
    all += weight
    if (together(first, second, (m) => m.at) || together(first, second, (m) => m.atD)) hit += weight
  }
  return all > 0 ? hit / all : 0
}

const EMPTY: FieldCounts = { a: 0, b: 0, c: 0, d: 0 }

export type RankContext = { meanLength: number }

/** BM25's length normalisation of a text of some length (bytes), against the corpus' mean length. */
export const lengthNorm = (length: number, meanLength: number) => 1 - RANK.b + (RANK.b * length) / meanLength

/**
 * A word's weighted frequency in a passage (BM25F): heading (a), structure path (b), descriptors (d, once) and
 * text (c) over the length normalisation. The ranking and the champion lists (champions.ts) weigh it alike.
 */
export const fieldTf = (a: number, b: number, c: number, d: number, norm: number) =>
  RANK.heading * a + RANK.path * b + RANK.descriptor * Math.min(1, d) + c / norm

/** BM25's saturation of a weighted frequency. */
export const saturate = (tf: number) => (tf * (RANK.k1 + 1)) / (RANK.k1 + tf)

/** The prior of a kind of passage (an article over a preamble). */
export const kindPrior = (kind: string) => KIND_PRIOR[kind] ?? 0.5

/**
 * The prior of a document's status: a norm no longer in force still answers, below the one that is; a norm repealed
 * in part is in force in the rest (repeals.ts).
 */
export const statusPrior = (status: string | null) =>
  status === null || status === 'in_force' || status === PARTLY_REPEALED
    ? 1
    : status === REPEALED
      ? RANK.repealed
      : 0.7

/**
 * A passage's counts of the query's stems as a flat row: per slot (RankQuery.stems) four numbers, heading, path, text
 * and descriptors, at `counts[at + 4·slot …]`, and whether it holds the stem at all at `holds[holdsAt + slot]`. The
 * first stage keeps thousands of candidates in such rows (candidate-pool.ts); a passage's counts kept as a map are
 * copied into one (`rowOf`) to be judged the same way.
 */
export type CountsRow = {
  counts: ArrayLike<number>
  at: number
  holds: ArrayLike<number>
  holdsAt: number
}

/**
 * Scratch space for the ranking, reused from call to call: it runs for every candidate of a question, thousands,
 * and per-call arrays were most of what the collector swept after a search — with npm start's 1 MB young generation
 * (decision 0005) a good part of its time. Never re-entered.
 */
const scratch = {
  best: new Float64Array(16),
  sum: new Float64Array(16),
  cover: new Float64Array(16),
  held: new Uint8Array(64),
  counts: new Float64Array(256),
  holds: new Uint8Array(64),
}

/** Zeroed scratch arrays for `units` ideas and `concepts` concepts. */
function scratchFor(units: number, concepts: number) {
  if (scratch.best.length < units) {
    scratch.best = new Float64Array(units)
    scratch.sum = new Float64Array(units)
    scratch.cover = new Float64Array(units)
  }
  if (scratch.held.length < concepts) scratch.held = new Uint8Array(concepts)
  scratch.best.fill(0, 0, units)
  scratch.sum.fill(0, 0, units)
  scratch.cover.fill(0, 0, units)
  scratch.held.fill(0, 0, concepts)
  return scratch
}

/** A passage's counts kept as a map, as a row (in scratch space: used before the next call). */
function rowOf(matches: Map<string, FieldCounts>, q: RankQuery): CountsRow {
  const slots = q.stems.length
  if (scratch.holds.length < slots) {
    scratch.holds = new Uint8Array(slots)
    scratch.counts = new Float64Array(4 * slots)
  }
  scratch.holds.fill(0, 0, slots)
  for (const [stem, m] of matches) {
    const slot = q.slotOf.get(stem)
    if (slot === undefined) continue
    scratch.holds[slot] = 1
    scratch.counts[4 * slot] = m.a
    scratch.counts[4 * slot + 1] = m.b
    scratch.counts[4 * slot + 2] = m.c
    scratch.counts[4 * slot + 3] = m.d
  }
  return { counts: scratch.counts, at: 0, holds: scratch.holds, holdsAt: 0 }
}

/** BM25F with coverage over a passage's counts, text of a given length; priors apart. */
export function rowRelevance(
  row: CountsRow,
  length: number,
  q: RankQuery,
  ctx: RankContext,
  inherited?: readonly number[],
): number {
  const norm = lengthNorm(length, ctx.meanLength)
  const units = q.importance.length
  const { best, sum, cover, held } = scratchFor(units, q.concepts.length)
  const { counts, at, holds, holdsAt } = row
  // Only the concepts the passage holds a member of, in the query's order (so sums add up as they always did).
  for (let slot = 0; slot < q.stems.length; slot++)
    if (holds[holdsAt + slot]) for (const i of q.conceptsOfSlot[slot]!) held[i] = 1
  for (let i = 0; i < q.concepts.length; i++) {
    if (!held[i]) continue
    const concept = q.concepts[i]!
    let a = 0
    let b = 0
    let t = 0
    let d = 0
    for (const { slot, membership } of q.memberSlots[i]!) {
      if (!holds[holdsAt + slot]) continue
      const k = at + 4 * slot
      a += membership * counts[k]!
      b += membership * counts[k + 1]!
      t += membership * counts[k + 2]!
      d += membership * counts[k + 3]!
    }
    const tf = fieldTf(a, b, t, d, norm)
    if (tf <= 0) continue
    const importance = concept.weight * concept.idf
    const score = importance * saturate(tf)
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
    covered += Math.max(cover[u]!, (inherited?.[u] ?? 0) * q.importance[u]!)
    possible += q.importance[u]!
  }
  if (total <= 0) return 0
  const coverage = possible > 0 ? covered / possible : 0
  return total * coverage ** RANK.coverage
}

/** BM25F with coverage over some field counts, text of a given length; priors apart. */
function relevance(
  matches: Map<string, FieldCounts>,
  length: number,
  q: RankQuery,
  ctx: RankContext,
  inherited?: readonly number[],
): number {
  return rowRelevance(rowOf(matches, q), length, q, ctx, inherited)
}

/** The best window of a long passage's text: its heading and path counts, the text counted inside the window. */
function bestWindow(
  matches: Map<string, FieldCounts>,
  q: RankQuery,
  ctx: RankContext,
  inherited?: readonly number[],
): number {
  // The text's positions of the passage's words, in order, each with its stem's slot (-1: not the query's).
  const at: number[] = []
  const slotAt: number[] = []
  for (const [lexeme, m] of matches) {
    const slot = q.slotOf.get(lexeme) ?? -1
    for (const p of m.at ?? []) {
      at.push(p)
      slotAt.push(slot)
    }
  }
  if (!at.length) return 0
  const order = at.map((_, i) => i).sort((x, y) => at[x]! - at[y]!)
  // One row for every window: heading, path and descriptors hold in each; the text's counts are the window's.
  const slots = q.stems.length
  const row: CountsRow = {
    counts: new Float64Array(4 * slots),
    at: 0,
    holds: new Uint8Array(slots),
    holdsAt: 0,
  }
  const counts = row.counts as Float64Array
  const holds = row.holds as Uint8Array
  const outside = new Uint8Array(slots)
  for (const [lexeme, m] of matches) {
    const slot = q.slotOf.get(lexeme)
    if (slot === undefined) continue
    counts[4 * slot] = m.a
    counts[4 * slot + 1] = m.b
    counts[4 * slot + 3] = m.d
    outside[slot] = m.a || m.b || m.d ? 1 : 0
  }
  const inside = new Int32Array(slots)
  let best = 0
  let end = 0
  for (let start = 0; start < order.length; start++) {
    const from = at[order[start]!]!
    // Windows start where a query word does; slide the end forward, the start drops out after scoring.
    while (end < order.length && at[order[end]!]! < from + RANK.window) {
      const slot = slotAt[order[end]!]!
      if (slot >= 0) inside[slot]!++
      end++
    }
    if (start === 0 || from !== at[order[start - 1]!]) {
      for (let slot = 0; slot < slots; slot++) {
        counts[4 * slot + 2] = inside[slot]!
        holds[slot] = outside[slot] || inside[slot] ? 1 : 0
      }
      best = Math.max(best, rowRelevance(row, RANK.windowBytes, q, ctx, inherited))
    }
    const slot = slotAt[order[start]!]!
    if (slot >= 0) inside[slot]!--
  }
  return best
}

/** What a candidate's priors are made of. */
export type PriorFacts = Pick<
  Candidate,
  'kind' | 'priority' | 'cited' | 'status' | 'mentioned' | 'inDomain' | 'normFit' | 'opening' | 'amending'
>

/** A candidate's priors: its kind of passage, its norm's rank, use, status and fit, where it stands in its section. */
export function prior(c: PriorFacts): number {
  return (
    kindPrior(c.kind) *
    (1 + c.priority / 100) ** RANK.priority *
    (1 + RANK.use * Math.log10(1 + c.cited / RANK.useScale)) *
    statusPrior(c.status) *
    (c.mentioned ? RANK.mentioned : 1) *
    (c.inDomain ? RANK.domain : 1) *
    (1 + RANK.normFit * c.normFit) *
    (c.opening ? 1 + RANK.opening / c.opening : 1) *
    (c.amending ? RANK.amending : 1)
  )
}

/** The ideas a passage takes from its norm's profile: how fully the norm holds each, by how well it fits (RANK.inherit). */
export const inheritedIdeas = (c: Pick<Candidate, 'normCover' | 'normFit'>) =>
  c.normCover?.map((h) => h * c.normFit * RANK.inherit)

/**
 * A candidate's score. With positions (the second look), a long passage scores as the better of the whole and its
 * best window; without them, as if it were no longer than longCap.
 */
export function scoreCandidate(c: Candidate, q: RankQuery, ctx: RankContext): number {
  const long = c.length > RANK.longCap
  let positioned = false
  for (const m of c.matches.values()) if (m.at) positioned = true
  const inherited = inheritedIdeas(c)
  let score: number
  if (!long) score = relevance(c.matches, c.length, q, ctx, inherited)
  else if (!positioned) score = relevance(c.matches, RANK.longCap, q, ctx, inherited)
  else
    score = Math.max(
      relevance(c.matches, c.length, q, ctx, inherited),
      bestWindow(c.matches, q, ctx, inherited),
    )
  if (positioned) score *= 1 + RANK.phrase * phraseShare(c.matches, q)
  return score * prior(c)
}

/**
 * The sections vote: each candidate's score grows with its section's share of the best candidates' total. An
 * article in the section where they gather is more likely the one that answers than an equal one standing alone:
 * the law treats an institution in one place. `sectionOf`: candidate id → its document and structure path.
 */
export function voteBySection(
  scored: { c: { id: number }; score: number }[],
  sectionOf: Map<number, string>,
): void {
  const votes = new Map<string, number>()
  for (const r of scored) {
    const s = sectionOf.get(r.c.id)
    if (s) votes.set(s, (votes.get(s) ?? 0) + r.score)
  }
  const most = Math.max(0, ...votes.values())
  if (most <= 0) return
  for (const r of scored) {
    const s = sectionOf.get(r.c.id)
    if (s) r.score *= 1 + RANK.section * ((votes.get(s) ?? 0) / most)
  }
}
