import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import type { DocumentMention } from './document-aliases'
import { family, soundKey } from './morphology'
import { analyzeQuery, type QueryUnit } from './query'
import { type Candidate, type Concept, idf, type RankQuery, rankQuery, scoreCandidate } from './rank'
import type { ArticleReference } from './reference'
import { QUERY_STOPWORDS } from './stoplist'
import { similarStems, stemWords, type Vocabulary, vocabulary } from './vocabulary'

export type SearchType = 'norma' | 'sentencia'

export type SearchParams = {
  q: string
  type?: SearchType
  country?: string
  limit?: number
  /** An agent's scope: only these documents (identifiers, '*' suffix allowed). */
  documents?: string[]
}

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
  pageNumber: number
  fileName: string
  score: number
  /** How the hit was found: a direct article reference, or the text search. */
  match: 'reference' | 'text'
  /** Content excerpt with the query's words wrapped in «…» markers (plain text, never HTML). */
  snippet: string
}

type Row = Omit<SearchHit, 'match' | 'snippet' | 'score'> & { score: number | string; priority: number }

export const HIGHLIGHT_START = '\u0002'
export const HIGHLIGHT_END = '\u0003'

function scopeFilter(params: SearchParams) {
  const parts = [sql`p.duplicate_of is null`]
  if (params.type) parts.push(sql`d.kind = ${params.type}`)
  if (params.country) parts.push(sql`d.country = ${params.country.toUpperCase()}`)
  if (params.documents?.length) {
    const exact = params.documents.filter((d) => !d.endsWith('*'))
    const prefixes = params.documents.filter((d) => d.endsWith('*')).map((d) => `${d.slice(0, -1)}%`)
    const ors = []
    if (exact.length) ors.push(sql`d.identifier = any(${`{${exact.join(',')}}`}::text[])`)
    for (const p of prefixes) ors.push(sql`d.identifier like ${p}`)
    parts.push(sql`(${sql.join(ors, sql` or `)})`)
  }
  return sql.join(parts, sql` and `)
}

const SELECT = sql`
  p.id as "passageId", d.id as "documentId", d.identifier, d.kind, d.title, d.tipo_alias as "tipoAlias",
  d.jerarquia_alias as "jerarquiaAlias", d.status, d.last_updated::text as "lastUpdated", p.kind as "passageKind",
  p.number, p.label, p.heading, p.path, p.content, p.notes, p.page_number as "pageNumber", d.file_name as "fileName",
  d.priority`

async function referenceHits(db: Db, ref: ArticleReference, params: SearchParams): Promise<Row[]> {
  const docs = ref.document?.identifiers ?? []
  const docFilter = docs.length
    ? sql`and (${sql.join(
        docs.map((id) =>
          id.endsWith('*') ? sql`d.identifier like ${`${id.slice(0, -1)}%`}` : sql`d.identifier = ${id}`,
        ),
        sql` or `,
      )})`
    : sql``
  return queryRows<Row>(
    db,
    sql`
    select ${SELECT}, 1000 + d.priority as score
    from corpus_passages p join corpus_documents d on d.id = p.document_id
    where ${scopeFilter({ ...params, documents: params.documents })} and p.number = ${ref.number}
      and p.kind = 'articulo' ${docFilter}
    order by d.priority desc, d.identifier
    limit 5
  `,
  )
}

/** Most candidates the first stage hands to the re-ranking. */
const MAX_CANDIDATES = 600
/** An idea held by fewer passages than this is a candidate on its own; commoner ones need a second idea. */
const RARE = 250
/** At most this many ideas take part in the candidate query (the most important ones). */
const MAX_QUERY_UNITS = 8
/** Membership of a word-family member, and of a misspelling's correction, in the word's concept. */
const FAMILY = 0.5
const CORRECTION = 0.9
/** Weight of the thesaurus' words when the user's own words of the idea are in the index too (else 1). */
const EXPANSION_WEIGHT = 0.5

/**
 * The query's ideas as concepts of the index: stems with their families and corrections, their weight and idf,
 * and the ideas they stand for. The thesaurus' words weigh less than the user's, unless the user's words for that
 * idea never occur in the law ('me botaron', 'perro'): then they are all the idea has.
 */
export async function queryConcepts(db: Db, units: QueryUnit[], vocab: Vocabulary): Promise<Concept[]> {
  const stems = await stemWords(
    db,
    units.flatMap((u) => [...u.user, ...u.added]),
  )
  const byKey = new Map<string, Concept>()
  const add = (key: string, members: Map<string, number>, weight: number, unit: number) => {
    let concept = byKey.get(key)
    if (!concept) {
      concept = { key, members: new Map(), weight, idf: 0, units: [] }
      byKey.set(key, concept)
    }
    concept.weight = Math.max(concept.weight, weight)
    for (const [m, w] of members) concept.members.set(m, Math.max(concept.members.get(m) ?? 0, w))
    if (!concept.units.includes(unit)) concept.units.push(unit)
  }
  const withFamily = (word: string, stem: string) => {
    const members = new Map([[stem, 1]])
    for (const f of family(word, stem, vocab.sorted)) members.set(f, FAMILY)
    return members
  }
  const present = units.map(() => false)
  const unknown: { unit: number; stem: string }[] = []
  units.forEach((u, k) => {
    for (const word of u.user) {
      const stem = stems.get(word)
      if (!stem) continue
      if (vocab.df.has(stem)) {
        add(stem, withFamily(word, stem), 1, k)
        present[k] = true
      } else if (!u.added.length && stem.length >= 4) {
        // Not a colloquial word the thesaurus knows: maybe a misspelt legal one.
        const sound = vocab.bySound.get(soundKey(stem))
        if (sound) {
          add(sound, new Map([[sound, CORRECTION]]), 1, k)
          present[k] = true
        } else unknown.push({ unit: k, stem })
      }
    }
  })
  if (unknown.length) {
    const similar = await similarStems(
      db,
      unknown.map((u) => u.stem),
    )
    for (const { unit, stem } of unknown) {
      const fix = similar.get(stem)
      if (fix) {
        add(fix, new Map([[fix, CORRECTION]]), 1, unit)
        present[unit] = true
      }
    }
  }
  units.forEach((u, k) => {
    const weight = present[k] ? EXPANSION_WEIGHT : 1
    for (const word of u.added) {
      const stem = stems.get(word)
      if (stem && vocab.df.has(stem)) add(stem, withFamily(word, stem), weight, k)
    }
  })
  const out = [...byKey.values()]
  for (const c of out) {
    const df = Math.min(vocab.passages, Math.max(...[...c.members.keys()].map((m) => vocab.df.get(m) ?? 0)))
    c.idf = idf(df, vocab.passages)
  }
  return out
}

const lexeme = (l: string) => `'${l.replace(/'/g, '')}'`
const anyOf = (stems: Iterable<string>) => `(${[...stems].map(lexeme).join(' | ')})`

/**
 * The first stage's tsquery: passages holding a rare idea, or two of the common ones. An OR of every word would
 * match a third of the corpus for a question with 'derecho' or 'trabajo' in it, and rank them all.
 */
export function candidateQuery(q: RankQuery, df: (stem: string) => number, passages: number): string {
  const ideas = q.importance
    .map((importance, u) => {
      const stems = new Set(q.concepts.filter((c) => c.units.includes(u)).flatMap((c) => [...c.members.keys()]))
      const count = Math.min(
        passages,
        [...stems].reduce((s, m) => s + df(m), 0),
      )
      return { importance, stems, count }
    })
    .filter((i) => i.stems.size)
    .sort((a, b) => b.importance - a.importance)
    .slice(0, MAX_QUERY_UNITS)
  if (ideas.length === 1) return anyOf(ideas[0]!.stems)
  const rare = ideas.filter((i) => i.count <= RARE)
  const common = ideas.filter((i) => i.count > RARE)
  const parts = rare.map((i) => anyOf(i.stems))
  for (let i = 0; i < common.length; i++)
    for (let j = i + 1; j < common.length; j++)
      parts.push(`(${anyOf(common[i]!.stems)} & ${anyOf(common[j]!.stems)})`)
  if (!parts.length) return ideas.map((i) => anyOf(i.stems)).join(' | ')
  return parts.join(' | ')
}

function mentionCondition(mention: DocumentMention | null) {
  const ids = mention?.identifiers ?? []
  if (!ids.length) return sql`false`
  return sql`(${sql.join(
    ids.map((id) =>
      id.endsWith('*') ? sql`d.identifier like ${`${id.slice(0, -1)}%`}` : sql`d.identifier = ${id}`,
    ),
    sql` or `,
  )})`
}

export async function candidates(
  db: Db,
  tsq: string,
  lexemes: string[],
  params: SearchParams,
  mention: DocumentMention | null,
  onlyMentioned: boolean,
): Promise<Candidate[]> {
  return queryRows<Candidate>(
    db,
    sql`
    select p.id, p.document_id as "documentId", p.kind, d.priority, d.status,
      octet_length(p.content) as length, ${mentionCondition(mention)} as mentioned,
      (select string_agg(u.lexeme || ':' || array_to_string(u.weights, ''), ' ')
         from unnest(p.search) u where u.lexeme = any(${`{${lexemes.map((l) => `"${l}"`).join(',')}}`}::text[])) as matches
    from corpus_passages p join corpus_documents d on d.id = p.document_id
    where p.search @@ to_tsquery('simple', ${tsq}) and ${scopeFilter(params)}
      ${onlyMentioned ? sql`and ${mentionCondition(mention)}` : sql``}
    limit ${MAX_CANDIDATES}
  `,
  )
}

/**
 * Finds the passages that answer a question worded as people ask it. A direct article reference comes first;
 * then a two-stage text search: candidates from the GIN index (a rare concept, or two common ones), re-ranked in
 * TypeScript by BM25F with coverage of the question and priors (see rank.ts).
 */
export async function searchCorpus(db: Db, params: SearchParams): Promise<SearchHit[]> {
  const limit = Math.min(Math.max(params.limit ?? 10, 1), 50)
  const query = analyzeQuery(params.q)
  const ref = query.reference

  const byId = new Map<number, SearchHit>()
  const add = (row: Row, match: SearchHit['match']) => {
    if (byId.has(row.passageId)) return
    const { priority: _p, ...rest } = row
    byId.set(row.passageId, { ...rest, score: Number(row.score), match, snippet: '' })
  }
  if (ref) for (const row of await referenceHits(db, ref, params)) add(row, 'reference')

  const vocab = await vocabulary(db)
  const found = query.units.length ? await queryConcepts(db, query.units, vocab) : []
  if (found.length) {
    const rq = rankQuery(found, query.units.length)
    const df = (stem: string) => vocab.df.get(stem) ?? 0
    const lexemes = [...new Set(found.flatMap((c) => [...c.members.keys()]))]
    const mention = query.mention
    const [general, scoped] = await Promise.all([
      candidates(db, candidateQuery(rq, df, vocab.passages), lexemes, params, mention, false),
      // Within a named norm every concept counts on its own: its passages are few.
      mention ? candidates(db, anyOf(lexemes), lexemes, params, mention, true) : Promise.resolve([]),
    ])
    const pool = new Map<number, Candidate>()
    for (const c of [...general, ...scoped]) pool.set(c.id, c)
    const ranked = [...pool.values()]
      .map((c) => ({ id: c.id, score: scoreCandidate(c, rq, { meanLength: vocab.meanLength }) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit + byId.size)
    if (ranked.length) {
      const rows = await queryRows<Row>(
        db,
        sql`select ${SELECT}, 0 as score from corpus_passages p join corpus_documents d on d.id = p.document_id
            where p.id = any(${`{${ranked.map((r) => r.id).join(',')}}`}::int[])`,
      )
      const rowById = new Map(rows.map((r) => [r.passageId, r]))
      for (const r of ranked) {
        const row = rowById.get(r.id)
        if (row) add({ ...row, score: r.score }, 'text')
      }
    }
  }

  const hits = [...byId.values()]
    .sort((a, b) => (a.match === b.match ? b.score - a.score : a.match === 'reference' ? -1 : 1))
    .slice(0, limit)
  const highlightWords = new Set([...query.words.filter((w) => w.length > 3 && !QUERY_STOPWORDS.has(w))])
  for (const hit of hits) hit.snippet = snippet(hit.content, highlightWords)
  return hits
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
