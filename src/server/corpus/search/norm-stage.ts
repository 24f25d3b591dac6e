import type { Db } from '../../db/client'
import { inScope, type Scope } from './candidates'
import { readNormTerms } from './norm-terms'
import { idf, type RankQuery, statusPrior } from './rank'
import type { Vocabulary } from './vocabulary'

/**
 * The norms a question is about, best first, each with its fit relative to the best (1) — see norm-terms.ts — and,
 * per idea of the question, how fully its norm-level profile holds it (0..1).
 */
export type NormChoice = { fit: Map<number, number>; best: number[]; covers: Map<number, number[]> }

export const NORM_STAGE = {
  /** Norms whose articles are fetched as candidates even when no champion list holds them. */
  pool: 5,
  /** Norms that get a fit at all (the others' articles rank on their own words). */
  keep: 20,
  /** Whether the ideas that only ask for the kind of answer are left out of the choice (1) or not (0). */
  asking: 1,
  /** Exponent of the share of the question's ideas a norm covers. */
  coverage: 2,
  /**
   * Prior of a norm's substance: × articles^sizePrior × (1 + citedPrior·log10(1 + citing norms / 5)). The profile is normalised
   * by the norm's size, so a one-article law that amends another, whose title and only article repeat the amended
   * law's subject, outscores the law itself; the law people ask about has a body of articles and is cited.
   */
  sizePrior: 0,
  citedPrior: 0,
  /** Articles past which size says no more: a code's thousands must not make it the subject of every question. */
  sizeCap: 1e9,
  /**
   * Articles at which a norm lends its articles half of the ideas its profile holds (RANK.inherit): every article of
   * a thirty-article law is about its subject; an article of a two-thousand-article code is not about all the code's.
   */
  lendScale: 200,
  priorInFit: 1,
}

/** A norm's prior of substance: its size (articles, capped) and the norms that cite it (see NORM_STAGE). */
export function normPrior(info: { articles: number; cited: number } | undefined): number {
  const size = Math.min(Math.max(1, info?.articles ?? 1), NORM_STAGE.sizeCap)
  return size ** NORM_STAGE.sizePrior * (1 + NORM_STAGE.citedPrior * Math.log10(1 + (info?.cited ?? 0) / 5))
}

/**
 * Scores every norm that holds a query stem in its norm-level profile: per idea of the question, its best concept's
 * weight for the norm (membership × the stem's norm-level weight × its idf among norms); summed over ideas, times
 * the share of the ideas the norm covers. Nothing here knows which norms are which: a code and a small law compete
 * on what their titles, headings and opening articles say.
 */
export async function chooseNorms(
  db: Db,
  q: RankQuery,
  vocab: Vocabulary,
  scope: Scope,
  /** Ideas that only ask for the kind of answer (answer-type.ts): the articles state them, the norm is not about them. */
  asking: ReadonlySet<number> = new Set(),
): Promise<NormChoice> {
  const lists = await readNormTerms(db, q.stems)
  let norms = 0
  for (const d of vocab.documents.values()) if (d.kind === 'norma') norms++
  const units = q.importance.length
  // Per norm that holds a stem of the question, a slot; per slot and idea, its best score, cover and hold, in flat
  // arrays: a question's stems reach thousands of norms, and an array or three per norm was most of this stage's
  // garbage (decision 0043).
  const slotOf = new Map<number, number>()
  const docs: number[] = []
  let best = new Float64Array(256 * units)
  let cover = new Float64Array(256 * units)
  let holds = new Float64Array(256 * units)
  let perDoc = new Float64Array(256)
  let touched = new Uint8Array(256)
  const slot = (doc: number) => {
    let at = slotOf.get(doc)
    if (at !== undefined) return at
    at = docs.length
    slotOf.set(doc, at)
    docs.push(doc)
    if (at >= perDoc.length) {
      const grow = <T extends Float64Array | Uint8Array>(a: T, make: (n: number) => T) => {
        const b = make(a.length * 2)
        b.set(a)
        return b
      }
      best = grow(best, (n) => new Float64Array(n))
      cover = grow(cover, (n) => new Float64Array(n))
      holds = grow(holds, (n) => new Float64Array(n))
      perDoc = grow(perDoc, (n) => new Float64Array(n))
      touched = grow(touched, (n) => new Uint8Array(n))
    }
    return at
  }
  const inConcept: number[] = []
  const unitIdf = new Array<number>(units).fill(0)
  for (const concept of q.concepts) {
    if (NORM_STAGE.asking && concept.units.every((u) => asking.has(u))) continue
    // The concept's norm-level idf: that of its most specific member the index holds.
    let conceptIdf = 0
    inConcept.length = 0
    for (const [stem, membership] of concept.members) {
      const list = lists.get(stem)
      if (!list) continue
      conceptIdf = Math.max(conceptIdf, idf(list.df, norms))
      for (let k = 0; k < list.docs.length; k++) {
        const at = slot(list.docs[k]!)
        if (!touched[at]) {
          touched[at] = 1
          perDoc[at] = 0
          inConcept.push(at)
        }
        perDoc[at] = Math.max(perDoc[at]!, membership * list.weights[k]!)
      }
    }
    for (const at of inConcept) touched[at] = 0
    if (!conceptIdf) continue
    for (const u of concept.units) unitIdf[u] = Math.max(unitIdf[u]!, conceptIdf)
    for (const at of inConcept) {
      const w = perDoc[at]!
      const score = concept.weight * conceptIdf * w
      for (const u of concept.units) {
        const k = at * units + u
        best[k] = Math.max(best[k]!, score)
        cover[k] = Math.max(cover[k]!, conceptIdf * Math.min(1, w))
        holds[k] = Math.max(holds[k]!, Math.min(1, w))
      }
    }
  }
  const possible = unitIdf.reduce((x, y) => x + y, 0)
  const scored: { doc: number; score: number; plain: number }[] = []
  for (let at = 0; at < docs.length; at++) {
    const doc = docs[at]!
    const info = vocab.documents.get(doc)
    if (!inScope(info, scope)) continue
    let total = 0
    let covered = 0
    for (let u = 0; u < units; u++) {
      total += best[at * units + u]!
      covered += cover[at * units + u]!
    }
    const plain = total * (possible > 0 ? covered / possible : 0) ** NORM_STAGE.coverage
    // A repealed norm is history (repeals.ts): the law that replaced it is what the question is about.
    const score = plain * normPrior(info) * statusPrior(info?.status ?? null)
    if (score > 0) scored.push({ doc, score, plain })
  }
  scored.sort((x, y) => y.score - x.score || x.doc - y.doc)
  const kept = scored.slice(0, NORM_STAGE.keep)
  const fitOf = (s: { score: number; plain: number }) => (NORM_STAGE.priorInFit ? s.score : s.plain)
  const top = Math.max(0, ...kept.map(fitOf))
  return {
    fit: new Map(kept.map((s) => [s.doc, top > 0 ? fitOf(s) / top : 0])),
    best: kept.slice(0, NORM_STAGE.pool).map((s) => s.doc),
    covers: new Map(
      kept.map((s) => {
        const lends = 1 / (1 + (vocab.documents.get(s.doc)?.articles ?? 0) / NORM_STAGE.lendScale)
        const at = slotOf.get(s.doc)!
        return [s.doc, Array.from(holds.subarray(at * units, (at + 1) * units), (h) => h * lends)]
      }),
    ),
  }
}
