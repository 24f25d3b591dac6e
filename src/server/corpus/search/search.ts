import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { answerTypeOf, askingUnits, countAsked, focusAsked, statesAnswer, statesCount } from './answer-type'
import { CandidatePool } from './candidate-pool'
import {
  championCandidates,
  chosenNorms,
  exactCounts,
  normCandidates,
  normFacts,
  scopedCandidates,
  scopeFilter,
} from './candidates'
import { queryConcepts } from './concepts'
import { chooseNorms } from './norm-stage'
import { fold } from './normalize'
import { analyzeQuery } from './query'
import {
  type Evidence,
  ideaEvidence,
  idf,
  RANK,
  rankQuery,
  scoreCandidate,
  unitStems,
  voteBySection,
} from './rank'
import type { ArticleReference } from './reference'
import { QUERY_STOPWORDS } from './stoplist'
import { vocabulary } from './vocabulary'

export type SearchType = 'norma' | 'sentencia'

export type SearchParams = {
  q: string
  type?: SearchType
  country?: string
  limit?: number
  /** An agent's scope: only these documents (identifiers, '*' suffix allowed). */
  documents?: string[]
}

/** A later norm's article that rewrote a hit's article (amendments.ts): the norm's identifier and title. */
export type AmendedBy = { identifier: string; title: string; article: string; differs: boolean }

export type SearchHit = {
  passageId: number
  documentId: number
  identifier: string
  kind: 'norma' | 'sentencia'
  title: string
  tipoAlias: string
  jerarquiaAlias: string
  status: string | null
  lastUpdated: string | null
  passageKind: string
  number: string | null
  label: string
  heading: string | null
  path: string
  content: string
  notes: string[]
  /** The names of the norms of the folder that repeal this one (repeals.ts), for the reader to go to: none mostly. */
  repealedBy: string[]
  /**
   * The norms of the folder that rewrote this article, each with the article that did, and whether the folder's
   * text differs from the one it gave (amendments.ts). None mostly: the folder's own notes name most amendments.
   */
  amendedBy: AmendedBy[]
  pageNumber: number
  fileName: string
  score: number
  /** How the hit was found: a direct article reference, or the text search. */
  match: 'reference' | 'text'
  /** Content excerpt with the query's words wrapped in «…» markers (plain text, never HTML). */
  snippet: string
  /** What the ranking knew of a text hit (which ideas it holds and how, its margin): none for a reference. */
  evidence?: Evidence
}

type Row = Omit<SearchHit, 'match' | 'snippet' | 'score'> & { score: number | string; priority: number }

export const HIGHLIGHT_START = '\u0002'
export const HIGHLIGHT_END = '\u0003'

const SELECT = sql`
  p.id as "passageId", d.id as "documentId", d.identifier, d.kind,
  coalesce(d.metadata->>'displayTitle', d.title) as title, d.tipo_alias as "tipoAlias",
  d.jerarquia_alias as "jerarquiaAlias", d.status, d.last_updated::text as "lastUpdated", p.kind as "passageKind",
  p.number, p.label, p.heading, p.path, p.content, p.notes, p.page_number as "pageNumber", d.file_name as "fileName",
  d.priority,
  array(select coalesce(r.metadata->>'displayTitle', r.title) from corpus_documents r
        where d.metadata ? 'repealedBy' and d.metadata->'repealedBy' ? r.identifier order by r.identifier)
    as "repealedBy",
  coalesce((select jsonb_agg(jsonb_build_object('identifier', r.identifier,
                'title', coalesce(r.metadata->>'displayTitle', r.title),
                'article', a->>'article', 'differs', (a->>'differs')::boolean)
                order by r.publication_date, r.identifier, a->>'article')
        from jsonb_array_elements(case when p.kind = 'articulo' and d.metadata ? 'amendedArticles'
                                    then d.metadata->'amendedArticles'->lower(p.number) end) a
        join corpus_documents r on r.identifier = a->>'by'), '[]'::jsonb)
    as "amendedBy"`

/**
 * The article a query names, in the norm it names (or any norm). An article hidden as a word-for-word duplicate
 * answers with the copy that stands for it, in another file of the same norm.
 */
async function referenceHits(db: Db, ref: ArticleReference, params: SearchParams): Promise<Row[]> {
  const docs = ref.document?.identifiers ?? []
  const docFilter = docs.length
    ? sql`and (${sql.join(
        docs.map((id) =>
          id.endsWith('*') ? sql`rd.identifier like ${`${id.slice(0, -1)}%`}` : sql`rd.identifier = ${id}`,
        ),
        sql` or `,
      )})`
    : sql``
  return queryRows<Row>(
    db,
    sql`
    select * from (
      select distinct on (p.id) ${SELECT}, 1000 + d.priority as score
      from corpus_passages r
      join corpus_documents rd on rd.id = r.document_id
      join corpus_passages p on p.id = coalesce(r.duplicate_of, r.id)
      join corpus_documents d on d.id = p.document_id
      where ${scopeFilter(params)} and r.number = ${ref.number} and r.kind = 'articulo' ${docFilter}
      order by p.id
    ) x
    order by x.priority desc, x.identifier
    limit 5
  `,
  )
}

/** Articles shown for a question that only names a norm ('ley 29783', 'LPAG'): its first ones say what it is. */
const NAMED_OPENING = 3

/**
 * The opening articles of the norm a query names, when the query asks nothing else of it (or nothing the text
 * search finds): its object and scope are what a person naming a law wants first. In the agent's scope only.
 */
async function namedNormHits(db: Db, identifiers: string[], params: SearchParams): Promise<Row[]> {
  if (!identifiers.length) return []
  // The norm the mention names first ('ley 29783' → 'LEY-29783-*'; the Código Civil's first half), its first articles.
  const named = sql`(case ${sql.join(
    identifiers.map((id, i) =>
      id.endsWith('*')
        ? sql`when d.identifier like ${`${id.slice(0, -1)}%`} then ${i}`
        : sql`when d.identifier = ${id} then ${i}`,
    ),
    sql` `,
  )} end)`
  const rows = await queryRows<Row>(
    db,
    sql`select ${SELECT}, 0 as score
        from corpus_passages p join corpus_documents d on d.id = p.document_id
        where ${scopeFilter(params)} and p.kind = 'articulo' and ${named} is not null
        order by ${named}, d.priority desc, d.identifier, p.ordinal
        limit ${NAMED_OPENING}`,
  )
  return rows.map((r, i) => ({ ...r, score: NAMED_OPENING - i }))
}

/** Candidates whose counts are made exact before the final order (see exactCounts). */
const EXACT = 50
/** Candidates the GIN index hands over for a narrow scope. */
const SCOPED = 300
/** Candidates fetched from the norms the norm-level stage chose. */
const NORM_POOL = 100
/** Extra hits read in case some are the same article in two editions of a norm. */
const TWINS = 5

/** The same article in another edition of its norm: same label, same heading, same opening words. */
function twinKey(p: { label: string; heading: string | null; content: string }): string {
  const letters = (t: string) => fold(t).replace(/[^a-z0-9ñ]+/g, '')
  return `${p.label}|${letters(p.heading ?? '')}|${letters(p.content.slice(0, 200)).slice(0, 80)}`
}

/**
 * Finds the passages that answer a question worded as people ask it. A direct article reference comes first;
 * then the text search in two stages: candidates from the query stems' champion lists (or, for a narrow scope,
 * the GIN index), ranked in TypeScript by BM25F per idea of the question, the share of its ideas a passage covers,
 * and priors for the kind of passage, the norm's rank and the norm the question names (see rank.ts).
 */
export async function searchCorpus(db: Db, params: SearchParams): Promise<SearchHit[]> {
  const limit = Math.min(Math.max(params.limit ?? 10, 1), 50)
  const vocab = await vocabulary(db)
  const query = analyzeQuery(params.q, vocab.titles)
  const ref = query.reference

  const byId = new Map<number, SearchHit>()
  const add = (row: Row, match: SearchHit['match'], evidence?: Evidence) => {
    if (byId.has(row.passageId)) return
    const { priority: _p, ...rest } = row
    byId.set(row.passageId, {
      ...rest,
      score: Number(row.score),
      match,
      snippet: '',
      ...(evidence ? { evidence } : {}),
    })
  }
  if (ref) for (const row of await referenceHits(db, ref, params)) add(row, 'reference')

  const concepts = query.units.length ? await queryConcepts(db, query.units, vocab) : []
  if (concepts.length) {
    const rq = rankQuery(
      concepts,
      query.units.length,
      query.units.flatMap((u, k) => (u.user.length ? [k] : [])),
    )
    // The norms the question is about (norm-stage.ts): their articles are candidates and rank with their fit.
    // The words that ask for an age or a term say what the article states, not what the norm is about.
    const asking = askingUnits(query.folded, query.units)
    const norms = params.type === 'sentencia' ? null : await chooseNorms(db, rq, vocab, params, asking)
    const preferred = {
      mentioned: query.mention?.identifiers ?? [],
      domains: query.domains,
      fit: norms?.fit,
      covers: norms?.covers,
    }
    const narrow = !!params.documents?.length || params.type === 'sentencia' || !vocab.champions
    const pool = new CandidatePool(rq, normFacts(vocab, preferred), vocab)
    if (narrow) await scopedCandidates(db, pool, params, SCOPED)
    else await championCandidates(db, pool, vocab, params)
    // The norms the question names, then those the norm-level stage chose: their articles are all candidates.
    if (params.type !== 'sentencia')
      await normCandidates(
        db,
        pool,
        chosenNorms(vocab, params, preferred.mentioned, norms?.best ?? []),
        NORM_POOL,
      )
    const ctx = { meanLength: vocab.meanLength }
    // Only the best become Candidate objects: the second look's and the hits' (candidate-pool.ts).
    let ranked = pool
      .best(ctx, EXACT + limit + byId.size + TWINS)
      .map((r) => ({ c: pool.candidate(r.index), score: r.score }))
    // The best candidates get a second look: exact counts (a common stem's champion list leaves out most
    // passages that hold it) and positions (a long passage is judged by its best window, and the user's words
    // standing together as in the question count more).
    const head = ranked.slice(0, EXACT)
    if (head.length) {
      const stems = [...new Set(concepts.flatMap((c) => [...c.members.keys()]))]
      // A question that asks for a deadline, an amount or an age: which of them states one (answer-type.ts).
      const asks = answerTypeOf(query.folded)
      const counted = asks ? null : countAsked(query.folded)
      const exact = await exactCounts(
        db,
        head.map((r) => r.c.id),
        stems,
        !!asks || !!counted,
      )
      const sectionOf = new Map<number, string>()
      for (const r of head) {
        const e = exact.get(r.c.id)
        if (e) {
          r.c.matches = e.matches
          sectionOf.set(r.c.id, e.section)
        }
        r.score = scoreCandidate(r.c, rq, ctx)
      }
      voteBySection(head, sectionOf)
      if (asks)
        for (const r of head) {
          const text = exact.get(r.c.id)?.text
          if (text && statesAnswer(asks, text)) r.score *= 1 + RANK.answerType
        }
      if (counted) {
        const statesIt = statesCount(counted)
        for (const r of head) {
          const text = exact.get(r.c.id)?.text
          if (text && statesIt(text)) r.score *= 1 + RANK.countType
        }
      }
      // 'qué bienes…', 'cuáles son los requisitos…': the article whose heading names what is asked for.
      const focus = RANK.focus ? focusAsked(query.folded) : null
      const focusUnit = focus === null ? -1 : query.units.findIndex((u) => u.user.includes(focus))
      if (focusUnit >= 0) {
        const focusStems = [...unitStems(concepts, focusUnit)]
        for (const r of head)
          if (focusStems.some((stem) => (r.c.matches.get(stem)?.a ?? 0) > 0)) r.score *= 1 + RANK.focus
      }
      ranked = [...head.sort((a, b) => b.score - a.score), ...ranked.slice(EXACT)]
    }
    // A few more than asked: two editions of one norm in the folder give the same article twice, shown once.
    const top = ranked.slice(0, limit + byId.size + TWINS)
    if (top.length) {
      const rows = await queryRows<Row>(
        db,
        sql`select ${SELECT}, 0 as score from corpus_passages p join corpus_documents d on d.id = p.document_id
            where p.id = any(${`{${top.map((r) => r.c.id).join(',')}}`}::int[])`,
      )
      const rowById = new Map(rows.map((r) => [r.passageId, r]))
      const seen = new Set([...byId.values()].map(twinKey))
      const best = top[0]!.score
      const unknown = idf(0, vocab.passages)
      for (const r of top) {
        const row = rowById.get(r.c.id)
        if (!row || seen.has(twinKey(row))) continue
        seen.add(twinKey(row))
        add({ ...row, score: r.score }, 'text', {
          ...ideaEvidence(r.c, rq, unknown),
          margin: best > 0 ? r.score / best : 0,
        })
      }
    }
  }

  // A question that names a norm and asks nothing the text search finds ('ley 29783', 'qué dice la LPAG').
  if (!byId.size && query.mention && params.type !== 'sentencia')
    for (const row of await namedNormHits(db, query.mention.identifiers, params)) add(row, 'reference')

  const hits = [...byId.values()]
    .sort((a, b) => (a.match === b.match ? b.score - a.score : a.match === 'reference' ? -1 : 1))
    .slice(0, limit)
  const highlightWords = new Set([...query.words.filter((w) => w.length > 3 && !QUERY_STOPWORDS.has(w))])
  for (const hit of hits) hit.snippet = snippet(hit.content, highlightWords)
  return hits
}

/**
 * Articles by their norm and label ('LEY-31469-2022', 'Artículo único'), as hits scored 0, in the scope asked: the
 * articles that rewrote an article an answer quotes (amendments.ts), which the answer then quotes too.
 */
export async function articleHits(
  db: Db,
  refs: readonly { identifier: string; article: string }[],
  params: Pick<SearchParams, 'country' | 'documents'> = {},
): Promise<SearchHit[]> {
  if (!refs.length) return []
  const rows = await queryRows<Row>(
    db,
    sql`select ${SELECT}, 0 as score from corpus_passages p join corpus_documents d on d.id = p.document_id
        join jsonb_to_recordset(${JSON.stringify(refs)}::jsonb) as r(identifier text, article text)
          on r.identifier = d.identifier and r.article = p.label
        where p.kind in ('articulo', 'disposicion') and ${scopeFilter({ type: 'norma', ...params })}`,
  )
  return rows.map(({ priority: _p, ...row }) => ({ ...row, score: 0, match: 'text' as const, snippet: '' }))
}

/** A window of the content around the first query word, with the words marked. Plain text in, plain text out. */
export function snippet(content: string, queryWords: Set<string>, size = 320): string {
  const foldedContent = content
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  let first = -1
  for (const w of queryWords) {
    const i = foldedContent.search(new RegExp(`\\b${w.slice(0, Math.max(4, w.length - 2))}`))
    if (i >= 0 && (first < 0 || i < first)) first = i
  }
  const start = first < 0 ? 0 : Math.max(0, first - 80)
  let text = content.slice(start, start + size)
  if (start > 0) text = `…${text.replace(/^\S*\s/, '')}`
  if (start + size < content.length) text = `${text.replace(/\s\S*$/, '')}…`
  if (!queryWords.size) return text
  const stems = [...queryWords].map((w) => w.slice(0, Math.max(4, w.length - 2)))
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const f = word
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
    return stems.some((s) => f.startsWith(s)) ? `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}` : word
  })
}
