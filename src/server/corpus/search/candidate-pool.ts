import {
  type Candidate,
  type CountsRow,
  type FieldCounts,
  inheritedIdeas,
  type PriorFacts,
  prior,
  RANK,
  type RankContext,
  type RankQuery,
  rowRelevance,
} from './rank'

/** What a candidate takes from its norm: looked up once per norm and query, not once per passage. */
export type NormFacts = Pick<
  Candidate,
  'documentId' | 'priority' | 'status' | 'cited' | 'mentioned' | 'inDomain' | 'normFit' | 'normCover'
>

/** What a candidate takes from its passage's place in the vocabulary (vocabulary.ts). */
export type PassageFacts = {
  openings: ReadonlyMap<number, number>
  amending: ReadonlySet<number>
}

/** A candidate ranked by the first stage: its place in the pool and its score. */
export type Ranked = { index: number; score: number }

/**
 * The first stage's candidates, thousands per question, kept side by side: per candidate its passage, norm, kind
 * and length, and its counts of the query's stems as one flat row of a typed array (RankQuery's slots). Objects and
 * a map per candidate, a counts object per stem, were most of a search's garbage; with npm start's 1 MB young
 * generation (decision 0005) they outlived a scavenge or two and were copied and promoted, which made the server's
 * searches twice as slow as the same code under Node's defaults. Only the best few become Candidate objects.
 */
export class CandidatePool {
  readonly passageIds: number[] = []
  readonly documentIds: number[] = []
  readonly kinds: string[] = []
  readonly lengths: number[] = []
  private readonly indexOf = new Map<number, number>()
  private readonly slots: number
  /** Per candidate, 4 counts per slot (heading, path, text, descriptors). */
  private counts: Uint16Array
  /** Per candidate, 1 per slot whose stem it holds. */
  private holds: Uint8Array
  private lastStem = ''
  private lastSlot: number | undefined

  constructor(
    readonly query: RankQuery,
    private readonly factsOf: (documentId: number) => NormFacts,
    private readonly passages: PassageFacts,
  ) {
    this.slots = Math.max(1, query.stems.length)
    this.counts = new Uint16Array(256 * 4 * this.slots)
    this.holds = new Uint8Array(256 * this.slots)
  }

  get size(): number {
    return this.passageIds.length
  }

  has(passageId: number): boolean {
    return this.indexOf.has(passageId)
  }

  /** A passage's index, -1 when it is not a candidate. */
  find(passageId: number): number {
    return this.indexOf.get(passageId) ?? -1
  }

  /** The candidate's index, added when new. */
  add(passageId: number, documentId: number, kind: string, length: number): number {
    const known = this.indexOf.get(passageId)
    if (known !== undefined) return known
    const index = this.passageIds.length
    if ((index + 1) * this.slots > this.holds.length) {
      const counts = new Uint16Array(this.counts.length * 2)
      counts.set(this.counts)
      this.counts = counts
      const holds = new Uint8Array(this.holds.length * 2)
      holds.set(this.holds)
      this.holds = holds
    }
    this.indexOf.set(passageId, index)
    this.passageIds.push(passageId)
    this.documentIds.push(documentId)
    this.kinds.push(kind)
    this.lengths.push(length)
    return index
  }

  /** A candidate's counts of one stem (not of the query: ignored). */
  set(index: number, stem: string, a: number, b: number, c: number, d: number): void {
    // Postings come a stem at a time: its slot is looked up once per run of them.
    if (stem !== this.lastStem) {
      this.lastStem = stem
      this.lastSlot = this.query.slotOf.get(stem)
    }
    const slot = this.lastSlot
    if (slot === undefined) return
    this.holds[index * this.slots + slot] = 1
    const k = 4 * (index * this.slots + slot)
    this.counts[k] = a
    this.counts[k + 1] = b
    this.counts[k + 2] = c
    this.counts[k + 3] = d
  }

  /**
   * The best `count` candidates, each scored as scoreCandidate scores one without positions (a long passage as if
   * no longer than longCap), best first; only those above zero, and ties in the order they came in.
   */
  best(ctx: RankContext, count: number): Ranked[] {
    const q = this.query
    const row: CountsRow = { counts: this.counts, at: 0, holds: this.holds, holdsAt: 0 }
    const facts: PriorFacts = {
      kind: '',
      priority: 0,
      cited: 0,
      status: null,
      mentioned: false,
      inDomain: false,
      normFit: 0,
      opening: 0,
      amending: false,
    }
    const inheritedOf = new Map<number, readonly number[] | undefined>()
    const scores = new Float64Array(this.size)
    const order: number[] = []
    for (let index = 0; index < this.size; index++) {
      const documentId = this.documentIds[index]!
      const norm = this.factsOf(documentId)
      let inherited = inheritedOf.get(documentId)
      if (!inheritedOf.has(documentId)) {
        inherited = inheritedIdeas(norm)
        inheritedOf.set(documentId, inherited)
      }
      row.at = 4 * index * this.slots
      row.holdsAt = index * this.slots
      const relevance = rowRelevance(row, Math.min(this.lengths[index]!, RANK.longCap), q, ctx, inherited)
      const passageId = this.passageIds[index]!
      facts.kind = this.kinds[index]!
      facts.priority = norm.priority
      facts.cited = norm.cited
      facts.status = norm.status
      facts.mentioned = norm.mentioned
      facts.inDomain = norm.inDomain
      facts.normFit = norm.normFit
      facts.opening = this.passages.openings.get(passageId) ?? 0
      facts.amending = this.passages.amending.has(passageId)
      scores[index] = relevance * prior(facts)
      if (scores[index]! > 0) order.push(index)
    }
    // Indices, not objects, sorted: a stable sort keeps ties in the order they came in.
    order.sort((x, y) => scores[y]! - scores[x]!)
    return order.slice(0, count).map((index) => ({ index, score: scores[index]! }))
  }

  /** The candidate at an index, as the rest of the ranking takes it: its counts as a map of the stems it holds. */
  candidate(index: number): Candidate {
    const passageId = this.passageIds[index]!
    const norm = this.factsOf(this.documentIds[index]!)
    const matches = new Map<string, FieldCounts>()
    for (let slot = 0; slot < this.query.stems.length; slot++) {
      if (!this.holds[index * this.slots + slot]) continue
      const k = 4 * (index * this.slots + slot)
      matches.set(this.query.stems[slot]!, {
        a: this.counts[k]!,
        b: this.counts[k + 1]!,
        c: this.counts[k + 2]!,
        d: this.counts[k + 3]!,
      })
    }
    return {
      id: passageId,
      documentId: norm.documentId,
      kind: this.kinds[index]!,
      length: this.lengths[index]!,
      priority: norm.priority,
      status: norm.status,
      cited: norm.cited,
      matches,
      mentioned: norm.mentioned,
      inDomain: norm.inDomain,
      normFit: norm.normFit,
      normCover: norm.normCover,
      opening: this.passages.openings.get(passageId) ?? 0,
      amending: this.passages.amending.has(passageId),
    }
  }
}
