import { and, eq, inArray, sql } from 'drizzle-orm'
import { corpusDocuments } from '../corpus/schema'
import { analyzeQuery } from '../corpus/search/query'
import { type SearchHit, searchCorpus } from '../corpus/search/search'
import type { Db } from '../db/client'
import { answeringHits, type Ideas } from './relevance'
import {
  concernsQuestion,
  type RulingSubject,
  rulingIdeas,
  type SubjectEvidence,
  sameArea,
  subjectEvidence,
} from './ruling-subject'
import { rulingSummaries } from './ruling-vocabulary'
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

/** What an agent may cite, as search takes it: its scope's norms in the country asked about. */
export const inScope = (scope: ResearchScope, country: string) => ({
  country,
  documents: scope.norms ? [...scope.norms] : undefined,
})

/** The norms in scope that search ranks best for the question, before any relevance filter (the LLM reads these). */
export function normCandidates(
  db: Db,
  scope: ResearchScope,
  query: string,
  country: string,
): Promise<SearchHit[]> {
  return searchCorpus(db, { q: query, type: 'norma', ...inScope(scope, country), limit: NORM_CANDIDATES })
}

/** The norms in scope that answer the question, best first, as the ranking's evidence decides (relevance.ts). */
export async function findNorms(
  db: Db,
  scope: ResearchScope,
  query: string,
  country: string,
): Promise<SearchHit[]> {
  const hits = await normCandidates(db, scope, query, country)
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

/** A list field of a ruling's record (RulingRecord); anything else, from an older or hand-made record, is empty. */
const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []

/** A ruling search proposed, with what the subject decision reads of its record. */
export type RulingCandidate = { hit: SearchHit; subject: RulingSubject; summary: string | null }

/** Search's rulings in scope for the question, above the floor, each with its record's fields. */
export async function rulingCandidates(
  db: Db,
  scope: ResearchScope,
  query: string,
  country: string,
  limit = RULING_CANDIDATES,
): Promise<RulingCandidate[]> {
  const documents = await rulingsInScope(db, scope, country)
  // An empty list would mean "no filter" to search: a scope without rulings searches none.
  if (documents && documents.length === 0) return []
  const hits = aboveFloor(
    await searchCorpus(db, {
      q: query,
      type: 'sentencia',
      country,
      documents: documents ?? undefined,
      limit,
    }),
    RULING_FLOOR,
  )
  if (!hits.length) return []
  const records = await db
    .select({
      id: corpusDocuments.id,
      record: sql<Record<string, unknown>>`jsonb_build_object(
        'summary', ${corpusDocuments.metadata}->'summary', 'appealType', ${corpusDocuments.metadata}->'appealType',
        'claims', ${corpusDocuments.metadata}->'claims',
        'keywords', ${corpusDocuments.metadata}->'keywords', 'citedNorms', ${corpusDocuments.metadata}->'citedNorms')`,
    })
    .from(corpusDocuments)
    .where(inArray(corpusDocuments.id, [...new Set(hits.map((h) => h.documentId))]))
  const recordOf = new Map(records.map((r) => [r.id, r.record ?? {}]))
  return hits.map((hit) => {
    const record = recordOf.get(hit.documentId) ?? {}
    const summary = typeof record.summary === 'string' ? record.summary : null
    const subject: RulingSubject = {
      appealType: typeof record.appealType === 'string' ? record.appealType : null,
      summary,
      // The record sheet's passage repeats the record's fields; only a passage of the full text is the court's own.
      passage: hit.passageKind === 'sumilla' ? null : hit.content,
      claims: asList(record.claims),
      keywords: asList(record.keywords),
      citedNorms: asList(record.citedNorms),
    }
    return { hit, subject, summary }
  })
}

/** A candidate with the decision on it: of the question's area, and on its subject (ruling-subject.ts). */
export type JudgedRuling = RulingCandidate & {
  sameArea: boolean
  evidence: SubjectEvidence
  concerns: boolean
}

/** Every candidate judged, in search's order (findRulings keeps those that concern the question). */
export async function judgeRulings(
  db: Db,
  candidates: readonly RulingCandidate[],
  query: string,
  country: string,
  ideas: Ideas,
  norms: readonly SearchHit[],
): Promise<JudgedRuling[]> {
  if (!candidates.length) return []
  const answerNorms = norms.map((n) => ({ identifier: n.identifier, number: n.number }))
  const evidenceIdeas = rulingIdeas(ideas, await rulingSummaries(db, country))
  const areaNorms = [...norms.map((n) => n.identifier), ...analyzeQuery(query).domains]
  return candidates.map((c) => {
    const area = sameArea(c.hit.path || null, areaNorms)
    const evidence = subjectEvidence(c.subject, evidenceIdeas, answerNorms)
    return { ...c, sameArea: area, evidence, concerns: area && concernsQuestion(evidence, !norms.length) }
  })
}

/**
 * The rulings in scope on the question's subject: one passage per ruling, best first. Search proposes them; each is
 * kept only when its sumilla, full text or cited norms (its record's, or the articles its sumilla names) match the
 * question's ideas or the answer's norms (ruling-subject.ts), never for a tag or a word it merely shares.
 * `npm run eval:rulings` counts where the labelled ones are lost.
 */
export async function findRulings(
  db: Db,
  scope: ResearchScope,
  query: string,
  country: string,
  ideas: Ideas,
  norms: readonly SearchHit[] = [],
): Promise<RulingHit[]> {
  const candidates = await rulingCandidates(db, scope, query, country)
  const judged = await judgeRulings(db, candidates, query, country, ideas, norms)
  const seen = new Set<number>()
  const chosen: RulingHit[] = []
  for (const { hit, summary, concerns } of judged) {
    if (chosen.length >= MAX_RULINGS) break
    if (!concerns || seen.has(hit.documentId)) continue
    seen.add(hit.documentId)
    chosen.push({ hit, chamber: hit.path || null, date: hit.lastUpdated, summary })
  }
  return chosen
}
