import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import type { CandidatePool, NormFacts } from './candidate-pool'
import { forEachChampion } from './champions'
import type { FieldCounts } from './rank'
import { tsvectorMatches } from './tsvector-text'
import type { DocumentInfo, Vocabulary } from './vocabulary'

/** Which documents a search may return: a kind, a country, an agent's documents ('LEY-29733-*' allowed). */
export type Scope = { type?: string; country?: string; documents?: string[] }

/** Does an identifier match one of these identifiers or 'PREFIX-*' patterns? */
export function identifierMatches(identifier: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? identifier.startsWith(p.slice(0, -1)) : identifier === p))
}

export function inScope(doc: DocumentInfo | undefined, scope: Scope): boolean {
  if (!doc) return false
  if (scope.type && doc.kind !== scope.type) return false
  if (scope.country && doc.country !== scope.country.toUpperCase()) return false
  if (scope.documents?.length && !identifierMatches(doc.identifier, scope.documents)) return false
  return true
}

/** The SQL form of a scope, for the queries that filter in the database. */
export function scopeFilter(scope: Scope) {
  const parts = [sql`p.duplicate_of is null`]
  if (scope.type) parts.push(sql`d.kind = ${scope.type}`)
  if (scope.country) parts.push(sql`d.country = ${scope.country.toUpperCase()}`)
  if (scope.documents?.length) {
    const exact = scope.documents.filter((d) => !d.endsWith('*'))
    const prefixes = scope.documents.filter((d) => d.endsWith('*')).map((d) => `${d.slice(0, -1)}%`)
    const ors = []
    if (exact.length) ors.push(sql`d.identifier = any(${`{${exact.join(',')}}`}::text[])`)
    for (const p of prefixes) ors.push(sql`d.identifier like ${p}`)
    parts.push(sql`(${sql.join(ors, sql` or `)})`)
  }
  return sql.join(parts, sql` and `)
}

/** Passages (a share of the corpus, at least a number) above which a stem's champion list is not read. */
const COMMON_SHARE = 0.05
const COMMON_MIN = 1000

/**
 * The norms a query names, those of its area of law (identifiers or 'PREFIX-*'), and how well each norm the
 * norm-level stage chose fits the question (document id → 0..1, norm-stage.ts).
 */
export type Preferred = {
  mentioned: readonly string[]
  domains: readonly string[]
  fit?: ReadonlyMap<number, number>
  /** Per chosen norm, how fully its profile holds each idea of the question (0..1, norm-stage.ts). */
  covers?: ReadonlyMap<number, readonly number[]>
}

/**
 * What the candidates of one query take from their norms: thousands of passages of a few hundred norms, so the
 * identifier patterns are matched once per norm.
 */
export function normFacts(vocab: Vocabulary, preferred: Preferred): (documentId: number) => NormFacts {
  const norms = new Map<number, NormFacts>()
  return (documentId) => {
    let facts = norms.get(documentId)
    if (!facts) {
      const doc = vocab.documents.get(documentId)
      facts = {
        documentId,
        priority: doc?.priority ?? 0,
        status: doc?.status ?? null,
        cited: doc?.cited ?? 0,
        mentioned: !!doc && identifierMatches(doc.identifier, preferred.mentioned),
        inDomain: !!doc && identifierMatches(doc.identifier, preferred.domains),
        normFit: preferred.fit?.get(documentId) ?? 0,
        normCover: preferred.covers?.get(documentId),
      }
      norms.set(documentId, facts)
    }
    return facts
  }
}

/**
 * The first stage over the whole corpus: every passage in the query stems' champion lists, with the counts the
 * lists carry. A passage that holds a common stem without being among its champions lacks that stem's counts
 * here; exactCounts fills them in for the best candidates.
 */
export async function championCandidates(
  db: Db,
  pool: CandidatePool,
  vocab: Vocabulary,
  scope: Scope,
): Promise<void> {
  // A stem in a good part of the corpus ('derecho', 'persona') finds nothing on its own: its list only adds
  // thousands of candidates. It still counts where it stands, in the second look (exactCounts).
  const common = Math.max(COMMON_MIN, vocab.passages * COMMON_SHARE)
  const stems = pool.query.stems.filter((m) => (vocab.df.get(m) ?? 0) < common)
  await forEachChampion(db, stems, (p) => {
    let index = pool.find(p.passageId)
    if (index < 0) {
      if (!inScope(vocab.documents.get(p.documentId), scope)) return
      index = pool.add(p.passageId, p.documentId, p.kind, p.length)
    }
    pool.set(index, p.lexeme, p.inHeading, p.inPath, p.inText, p.inDescriptors)
  })
}

/**
 * A passage's exact counts and positions of some stems, the section it stands in (document and path), and its
 * heading and text when asked for (to see whether it states the kind of answer a question wants, answer-type.ts).
 */
export type ExactCounts = { matches: Map<string, FieldCounts>; section: string; text?: string }

/** The exact counts and positions of some stems in some passages, from their tsvectors. */
export async function exactCounts(
  db: Db,
  ids: number[],
  stems: string[],
  withText = false,
): Promise<Map<number, ExactCounts>> {
  const text = withText ? sql`coalesce(p.heading, '') || ' ' || p.content` : sql`null`
  const rows = await queryRows<{ id: number; section: string; search: string; text: string | null }>(
    db,
    sql`select p.id, p.document_id || '|' || p.path as section, ${text} as text, p.search::text as search
        from corpus_passages p where p.id = any(${`{${ids.join(',')}}`}::int[])`,
  )
  return new Map(
    rows.map((r) => [
      r.id,
      {
        matches: tsvectorMatches(r.search, stems),
        section: r.section,
        ...(r.text === null ? {} : { text: r.text }),
      },
    ]),
  )
}

/** A row the GIN index hands over: the passage's facts and its tsvector as text. */
type ScopedRow = { id: number; documentId: number; kind: string; length: number; search: string }

/** Rows of a narrow first stage into the pool, with the counts their tsvectors give. */
function addScopedRows(pool: CandidatePool, rows: ScopedRow[]): void {
  const stems = pool.query.stems
  for (const r of rows) {
    // One the champion lists brought keeps their counts.
    if (pool.has(r.id)) continue
    const index = pool.add(r.id, r.documentId, r.kind, r.length)
    // Counts only, as the champion lists give them: positions are for the second look (exactCounts), which finds
    // them for the best candidates of both stages alike.
    for (const [stem, m] of tsvectorMatches(r.search, stems)) pool.set(index, stem, m.a, m.b, m.c, m.d)
  }
}

/** The query's stems as an OR tsquery, and the ranking that picks a narrow stage's best rows. */
function anyStem(pool: CandidatePool) {
  const tsq = pool.query.stems.map((s) => `'${s}'`).join(' | ')
  return {
    matches: sql`p.search @@ to_tsquery('simple', ${tsq})`,
    rank: sql`ts_rank('{0.4, 0.4, 0.2, 1.0}', p.search, to_tsquery('simple', ${tsq}), 1)`,
  }
}

/**
 * The first stage for a narrow scope (an agent's documents, the rulings): every passage of the scope that holds a
 * query stem, from the GIN index; champion lists, made for the whole corpus, may hold none of them.
 */
export async function scopedCandidates(
  db: Db,
  pool: CandidatePool,
  scope: Scope,
  max: number,
): Promise<void> {
  const { matches, rank } = anyStem(pool)
  const rows = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    // An OR of many words makes Postgres estimate a sequential scan cheaper than the GIN index: it is not.
    await t.execute(sql`set local enable_seqscan = off`)
    return queryRows<ScopedRow>(
      t,
      sql`
      with c as (
        select p.id, p.document_id, p.kind, p.search, octet_length(p.content) as length
        from corpus_passages p join corpus_documents d on d.id = p.document_id
        where ${matches} and ${scopeFilter(scope)}
        order by ${rank} desc
        limit ${max}
      )
      select c.id, c.document_id as "documentId", c.kind, c.length, c.search::text as search from c
    `,
    )
  })
  addScopedRows(pool, rows)
}

/**
 * The norms whose articles are all candidates: those the question names, then those the norm-level stage chose, each
 * once and only within the scope. An agent's scope keeps its own documents: a norm the question names outside them is
 * not one (the stage chose within the scope already).
 */
export function chosenNorms(
  vocab: Pick<Vocabulary, 'documents'>,
  scope: Scope,
  mentioned: readonly string[],
  stageBest: readonly number[],
): number[] {
  const chosen = new Set<number>()
  if (!scope.documents?.length && mentioned.length)
    for (const [id, doc] of vocab.documents) if (identifierMatches(doc.identifier, mentioned)) chosen.add(id)
  for (const id of stageBest) chosen.add(id)
  return [...chosen].filter((id) => inScope(vocab.documents.get(id), scope))
}

/**
 * The passages of a few chosen norms that hold a query stem (the norms a question names, those the norm-level stage
 * chose), their best first. Read through the norms' own index: a few hundred rows, where the GIN index would first
 * gather every passage of the corpus that holds one of the stems. The caller keeps the ids in its scope.
 */
export async function normCandidates(
  db: Db,
  pool: CandidatePool,
  documentIds: readonly number[],
  max: number,
): Promise<void> {
  if (!documentIds.length) return
  const { matches, rank } = anyStem(pool)
  const rows = await queryRows<ScopedRow>(
    db,
    sql`
    with c as (
      select p.id, p.document_id, p.kind, p.search, octet_length(p.content) as length
      from corpus_passages p
      where p.document_id = any(${`{${documentIds.join(',')}}`}::int[]) and p.duplicate_of is null and ${matches}
      order by ${rank} desc
      limit ${max}
    )
    select c.id, c.document_id as "documentId", c.kind, c.length, c.search::text as search from c
  `,
  )
  addScopedRows(pool, rows)
}
