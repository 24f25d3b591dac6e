import { and, eq, inArray, sql } from 'drizzle-orm'
import { corpusDocuments } from '../corpus/schema'
import { type SearchHit, searchCorpus } from '../corpus/search/search'
import type { Db } from '../db/client'
import { answeringHits, type Ideas, relevantHits } from './relevance'
import { type ResearchScope, rulingFacts } from './scopes'

/** A ruling an answer cites: its best passage, and what the court itself says of the case. */
export type RulingHit = {
  hit: SearchHit
  chamber: string | null
  /** ISO date when the record had one. */
  date: string | null
  /** The court's own sumilla, when it wrote one. */
  summary: string | null
}

/** Searched per group: a few more than shown, so relevance and twins can be sifted. */
const NORM_CANDIDATES = 10
const RULING_CANDIDATES = 10
/** At most this many norms and rulings in one answer. */
export const MAX_NORMS = 5
export const MAX_RULINGS = 3
/** A text hit far below the best one is noise, however many ideas it holds (norms: ANSWER_GATE.floor). */
const RULING_FLOOR = 0.3

/** Whether there is anything to search: nothing at all, nothing for this country, or something. */
export async function corpusState(db: Db, country: string): Promise<'empty' | 'no_country' | 'loaded'> {
  const [any] = await db.select({ id: corpusDocuments.id }).from(corpusDocuments).limit(1)
  if (!any) return 'empty'
  const [here] = await db
    .select({ id: corpusDocuments.id })
    .from(corpusDocuments)
    .where(eq(corpusDocuments.country, country))
    .limit(1)
  return here ? 'loaded' : 'no_country'
}

/** Keeps references, then text hits within `floor` of the best text hit. */
function aboveFloor(hits: SearchHit[], floor: number): SearchHit[] {
  const best = Math.max(0, ...hits.filter((h) => h.match === 'text').map((h) => h.score))
  return hits.filter((h) => h.match === 'reference' || h.score >= best * floor)
}

/** The norms in scope that answer the question, best first, as the ranking's evidence decides (relevance.ts). */
export async function findNorms(
  db: Db,
  scope: ResearchScope,
  query: string,
  country: string,
): Promise<SearchHit[]> {
  const hits = await searchCorpus(db, {
    q: query,
    type: 'norma',
    country,
    documents: scope.norms ? [...scope.norms] : undefined,
    limit: NORM_CANDIDATES,
  })
  return answeringHits(hits).slice(0, MAX_NORMS)
}

/** Identifiers of the rulings in scope; null when the scope takes every ruling. */
async function rulingsInScope(db: Db, scope: ResearchScope, country: string): Promise<string[] | null> {
  if (!scope.rulings) return null
  // Only the record fields a scope reads, not the whole record (judges, cited norms…) of every ruling.
  const rows = await db
    .select({
      identifier: corpusDocuments.identifier,
      facts: sql<Record<string, unknown>>`jsonb_build_object(
        'chamber', ${corpusDocuments.metadata}->'chamber', 'appealType', ${corpusDocuments.metadata}->'appealType',
        'claims', ${corpusDocuments.metadata}->'claims', 'keywords', ${corpusDocuments.metadata}->'keywords')`,
    })
    .from(corpusDocuments)
    .where(and(eq(corpusDocuments.kind, 'sentencia'), eq(corpusDocuments.country, country)))
  const belongs = scope.rulings
  return rows.filter((r) => belongs(rulingFacts(r.facts ?? {}))).map((r) => r.identifier)
}

/** The rulings in scope that speak to the question: one passage per ruling, best first. */
export async function findRulings(
  db: Db,
  scope: ResearchScope,
  query: string,
  country: string,
  ideas: Ideas,
): Promise<RulingHit[]> {
  const documents = await rulingsInScope(db, scope, country)
  // An empty list would mean "no filter" to search: a scope without rulings searches none.
  if (documents && documents.length === 0) return []
  const hits = await searchCorpus(db, {
    q: query,
    type: 'sentencia',
    country,
    documents: documents ?? undefined,
    limit: RULING_CANDIDATES,
  })
  const seen = new Set<number>()
  const chosen = aboveFloor(relevantHits(hits, ideas), RULING_FLOOR)
    .filter((h) => !seen.has(h.documentId) && seen.add(h.documentId))
    .slice(0, MAX_RULINGS)
  if (!chosen.length) return []
  const records = await db
    .select({ id: corpusDocuments.id, summary: sql<string | null>`${corpusDocuments.metadata}->>'summary'` })
    .from(corpusDocuments)
    .where(
      inArray(
        corpusDocuments.id,
        chosen.map((h) => h.documentId),
      ),
    )
  const summaryOf = new Map(records.map((r) => [r.id, r.summary]))
  return chosen.map((hit) => ({
    hit,
    chamber: hit.path || null,
    date: hit.lastUpdated,
    summary: summaryOf.get(hit.documentId) ?? null,
  }))
}
