import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import type { NormName } from './document-aliases'
import { soundKey, type TrigramIndex, trigramIndex } from './morphology'
import { fold } from './normalize'

/**
 * The index's vocabulary kept in memory: it changes only when the corpus is ingested, and looking words up in
 * the database for every query cost a round trip and most of a query's time. A few MB for the whole corpus.
 */
export type Vocabulary = {
  /** Passages that hold each stem. */
  df: Map<string, number>
  /** Stems only the descriptor index holds, never a law's own words ('botaron', 'chamba'). */
  describedOnly: Set<string>
  /** All stems, sorted, for prefix lookups (word families). */
  sorted: string[]
  /** The most frequent stem for each sound key, and stems by trigram (misspelling correction). */
  bySound: Map<string, string>
  trigrams: TrigramIndex
  /** Searchable passages, and their mean content length in bytes (BM25's length normalisation). */
  passages: number
  meanLength: number
  /** Every document, by id: what scope filters, mentions and priors need (a few thousand rows). */
  documents: Map<number, DocumentInfo>
  /** Articles that open their section (1: the first, 2: the second), by passage id. See RANK.opening. */
  openings: Map<number, number>
  /** Articles whose text amends another norm's (passage-marks.ts), by passage id. See RANK.amending. */
  amending: Set<number>
  /**
   * The champion lists are built. A database migrated from before them and not ingested since has none: search
   * then takes its candidates from the GIN index, slower but complete.
   */
  champions: boolean
  /** Norms by their titles as names people use ('ley general de sociedades'), longest first (document-aliases.ts). */
  titles: NormName[]
}

export type DocumentInfo = {
  identifier: string
  kind: string
  country: string
  priority: number
  status: string | null
  /** Other norms that cite it (corpus_citations). */
  cited: number
  /** Its articles and dispositions (searchable ones): a norm's size, for the norm-level stage's prior. */
  articles: number
}

/** Re-read at least this often, so a server beside another instance's ingestion catches up. */
const MAX_AGE_MS = 10 * 60_000
let generation = 0
const cache = new WeakMap<Db, { generation: number; at: number; value: Promise<Vocabulary> }>()

/** Called when ingestion rebuilt the vocabulary (finish-index.ts): every cached copy is stale. */
export function vocabularyChanged(): void {
  generation++
}

async function load(db: Db): Promise<Vocabulary> {
  const [terms, stats, docs, champions, marks] = await Promise.all([
    queryRows<{ word: string; ndoc: number; inLaw: boolean }>(
      db,
      sql`select word, ndoc, in_law as "inLaw" from corpus_terms`,
    ),
    queryRows<{ n: number; mean: number | null }>(
      db,
      sql`select count(*)::int as n, avg(octet_length(content))::float8 as mean
          from corpus_passages where duplicate_of is null`,
    ),
    queryRows<DocumentInfo & { id: number; title: string; names: string[] | null }>(
      db,
      sql`select d.id, d.identifier, d.kind, d.country, d.priority, d.status, coalesce(c.cited, 0) as cited, d.title,
            coalesce(d.metadata->'names', '[]') || coalesce(d.metadata->'citedAs', '[]') as names,
            coalesce(a.n, 0) as articles
          from corpus_documents d left join corpus_citations c on c.document_id = d.id
          left join (select document_id, count(*)::int as n from corpus_passages
                     where kind in ('articulo', 'disposicion') and duplicate_of is null group by document_id) a
            on a.document_id = d.id`,
    ),
    queryRows<{ ready: boolean }>(db, sql`select exists (select 1 from corpus_champions) as ready`),
    queryRows<{ id: number; opening: number | null; amending: boolean }>(
      db,
      sql`select passage_id as id, opening, amending from corpus_passage_marks`,
    ),
  ])
  const df = new Map<string, number>()
  const bySound = new Map<string, string>()
  const describedOnly = new Set<string>()
  for (const { word, ndoc, inLaw } of terms) {
    df.set(word, ndoc)
    if (!inLaw) describedOnly.add(word)
    const key = soundKey(word)
    const best = bySound.get(key)
    if (best === undefined || (df.get(best) ?? 0) < ndoc) bySound.set(key, word)
  }
  return {
    df,
    describedOnly,
    sorted: [...df.keys()].sort(),
    bySound,
    trigrams: trigramIndex(df.keys()),
    passages: Math.max(1, stats[0]?.n ?? 1),
    meanLength: Math.max(1, stats[0]?.mean ?? 500),
    documents: new Map(docs.map(({ id, title: _t, names: _n, ...info }) => [id, info])),
    champions: !!champions[0]?.ready,
    titles: titleNames(docs),
    openings: new Map(marks.flatMap((m) => (m.opening === null ? [] : [[m.id, m.opening] as const]))),
    amending: new Set(marks.flatMap((m) => (m.amending ? [m.id] : []))),
  }
}

/** A title short enough to be the name people use, in as many words as one ('Ley del Servicio Civil'). */
const NAME_WORDS = { min: 2, max: 10 }
/** A title that names a norm begins like one; editorial debris ('PODER LEGISLATIVO') and summaries do not. */
const NAME_START = /^(ley|nueva ley|codigo|nuevo codigo|decreto|tuo|texto unico|reglamento|estatuto)\b/

/**
 * Norms' titles as names: folded, of a name's length, and naming the norm alone (a title two norms share names both,
 * as with a law kept in two files). Longest first, so the most specific name wins.
 */
function titleNames(
  docs: { identifier: string; kind: string; title: string; names: string[] | null }[],
): NormName[] {
  const byTitle = new Map<string, string[]>()
  for (const d of docs) {
    if (d.kind !== 'norma') continue
    // Its title, the names its norm descriptor gives ('Ley MYPE', 'Ley de Gratificaciones') and those other norms
    // agree on when they cite it (names-from-citations.ts).
    for (const name of new Set([d.title, ...(Array.isArray(d.names) ? d.names : [])])) {
      const phrase = fold(name)
      const count = phrase.split(' ').length
      if (count < NAME_WORDS.min || count > NAME_WORDS.max || !NAME_START.test(phrase)) continue
      const ids = byTitle.get(phrase) ?? []
      if (!ids.includes(d.identifier)) byTitle.set(phrase, [...ids, d.identifier])
    }
  }
  return [...byTitle]
    .map(([phrase, identifiers]) => ({ phrase, identifiers }))
    .sort((a, b) => b.phrase.length - a.phrase.length)
}

export function vocabulary(db: Db): Promise<Vocabulary> {
  const hit = cache.get(db)
  if (hit && hit.generation === generation && Date.now() - hit.at < MAX_AGE_MS) return hit.value
  const value = load(db)
  cache.set(db, { generation, at: Date.now(), value })
  value.catch(() => cache.delete(db))
  return value
}

/** Word → stem as the index's configuration makes it (null: a stopword). The stemmer never changes. */
const stems = new Map<string, string | null>()
const MAX_STEMS = 50_000

/** The stems of folded words, with one query for the ones not seen before. */
export async function stemWords(db: Db, words: string[]): Promise<Map<string, string | null>> {
  const unknown = [...new Set(words.filter((w) => !stems.has(w)))]
  if (unknown.length) {
    if (stems.size + unknown.length > MAX_STEMS) stems.clear()
    const rows = await queryRows<{ tok: string; stem: string | null }>(
      db,
      sql`select t.tok, (ts_lexize('spanish_stem', unaccent(t.tok)))[1] as stem
          from unnest(${`{${unknown.map((t) => `"${t}"`).join(',')}}`}::text[]) as t(tok)`,
    )
    for (const r of rows) stems.set(r.tok, r.stem)
  }
  return new Map(words.map((w) => [w, stems.get(w) ?? null]))
}
