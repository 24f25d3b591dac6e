import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { LOCK_SCOPES, lockForTransaction } from '../../db/advisory-lock'
import { forEachBatchById } from '../../db/batches'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { yieldToEventLoop } from '../../lib/event-loop'
import { corpusChampions } from '../schema'
import { needsBuild, recordBuild } from './build-marks'
import { PostingsText } from './postings-text'
import { fieldTf, KIND_PRIOR, kindPrior, lengthNorm, RANK, saturate, statusPrior } from './rank'
import { forEachLexeme } from './tsvector-text'
import { vocabularyChanged } from './vocabulary'

/**
 * Champion lists (corpus_champions): per stem, the passages where it weighs most. A question's first stage reads
 * its stems' lists (a few thousand narrow rows through the primary key) instead of asking the GIN index for every
 * passage that holds a common word and ranking them all, which on the whole folder meant reading 10,000
 * tsvectors. A list holds every passage of a stem found in fewer passages than this, the best ones of the others.
 * 300 → 600 on the whole folder (decision 0015 §14): tune-wide recall@5 0.752 → 0.782 at the same latency; 1,000
 * added nothing there and 8 ms to p95.
 */
export const CHAMPIONS_PER_STEM = 600

/** The row of corpus_files that records what the lists were built with (no file: corpus keys never start ':'). */
const CHAMPIONS_MARK = ':champions'

/**
 * What the lists' impacts are made of: their length and the ranking's field weights and priors. A release that
 * changes one gets the lists rebuilt at the next start (ensureChampions), with no file of the corpus changed.
 */
export function championsSignature(perStem = CHAMPIONS_PER_STEM): string {
  const { heading, path, descriptor, k1, b, longCap, repealed } = RANK
  const parts = { perStem, heading, path, descriptor, k1, b, longCap, kinds: KIND_PRIOR, repealed }
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)
}

/** One stem's counts in one passage, with what the ranking needs of the passage. */
export type Posting = {
  lexeme: string
  passageId: number
  documentId: number
  kind: string
  inHeading: number
  inPath: number
  inText: number
  inDescriptors: number
  length: number
}

/** Passages read per query while building: their tsvectors' text is most of what a build holds at once. */
const BATCH = 2000
/** Champion rows inserted per statement. */
const INSERT_BATCH = 500

/** A stem's best passages so far, side by side: impacts, passage indexes and the stem's counts per field. */
type List = { impact: number[]; passage: number[]; counts: number[] }

const emptyList = (): List => ({ impact: [], passage: [], counts: [] })

/**
 * A posting's four field counts in one number: a tsvector keeps at most 256 positions of a lexeme, so each count
 * fits in 9 bits. One array instead of four: the lists of the whole folder's common stems are most of what a build
 * holds at its peak (decision 0015 §14).
 */
const COUNT_BITS = 2 ** 9
const packCounts = (a: number, b: number, c: number, d: number) =>
  a + COUNT_BITS * (b + COUNT_BITS * (c + COUNT_BITS * d))
const unpackCounts = (packed: number): string => {
  const out: number[] = []
  for (let i = 0; i < 4; i++) {
    out.push(packed % COUNT_BITS)
    packed = Math.floor(packed / COUNT_BITS)
  }
  return out.join(',')
}

/** Keeps a list's best `perStem` entries (higher impact first, then the lower passage id). */
function prune(list: List, ids: number[], perStem: number): List {
  const order = list.impact.map((_, k) => k)
  order.sort((x, y) => list.impact[y]! - list.impact[x]! || ids[list.passage[x]!]! - ids[list.passage[y]!]!)
  const keep = order.slice(0, perStem)
  const pick = (column: number[]) => keep.map((k) => column[k]!)
  return {
    impact: pick(list.impact),
    passage: pick(list.passage),
    counts: pick(list.counts),
  }
}

/**
 * Rebuilds the lists from the passages' tsvectors, in one transaction so searches see the old lists or the new.
 * The impact is the ranking's own per-word BM25F (field weights, length normalisation, saturation) times the
 * passage's priors: a common word's list keeps the articles that are about it, in the norms that matter most. A
 * long passage counts as no longer than the ranking's longCap: a few lines of it may be what answers.
 *
 * The lists are made here rather than in SQL: ranking three million (stem, passage) rows with a window function
 * took a minute of the whole folder's ingestion in the embedded database; reading the tsvectors as text and
 * keeping each stem's best few hundred as they come takes a few seconds.
 */
export async function buildChampions(db: Db, perStem = CHAMPIONS_PER_STEM): Promise<void> {
  // Read outside the transaction, a batch at a time with a turn of the event loop between batches: on PGlite a
  // transaction holds every other request, and the reads are most of the build. Nothing else writes passages
  // meanwhile (the finish runs between the pass's files); on PostgreSQL the finish's own transaction holds it all.
  const [stats] = await queryRows<{ mean: number }>(
    db,
    sql`select greatest(avg(octet_length(content)), 1)::float8 as mean from corpus_passages where duplicate_of is null`,
  )
  const mean = Number(stats?.mean ?? 1)
  // The passages, by index: what each posting needs of its passage, once.
  const ids: number[] = []
  const documents: number[] = []
  const kinds: string[] = []
  const lengths: number[] = []
  const lists = new Map<string, List>()
  await forEachBatchById<{
    id: number
    documentId: number
    kind: string
    length: number
    priority: number
    status: string | null
    search: string
  }>(
    db,
    (after) =>
      sql`select p.id, p.document_id as "documentId", p.kind, octet_length(p.content) as length, d.priority,
            d.status, p.search::text as search
          from corpus_passages p join corpus_documents d on d.id = p.document_id
          where p.duplicate_of is null and p.id > ${after} order by p.id limit ${BATCH}`,
    (rows) => {
      for (const r of rows) {
        const index = ids.length
        ids.push(r.id)
        documents.push(r.documentId)
        kinds.push(r.kind)
        lengths.push(r.length)
        const prior = kindPrior(r.kind) * (1 + r.priority / 100) * statusPrior(r.status)
        const norm = lengthNorm(Math.min(r.length, RANK.longCap), mean)
        forEachLexeme(r.search, (lexeme, a, b, c, d) => {
          if (lexeme.length < 3 || lexeme.length > 40 || /[0-9]/.test(lexeme)) return
          let list = lists.get(lexeme)
          if (!list) {
            list = emptyList()
            lists.set(lexeme, list)
          }
          list.impact.push(saturate(fieldTf(a, b, c, d, norm)) * prior)
          list.passage.push(index)
          list.counts.push(packCounts(a, b, c, d))
          if (list.impact.length >= 2 * perStem) lists.set(lexeme, prune(list, ids, perStem))
        })
      }
    },
  )
  // The rows made before the transaction, so that it holds requests only while it writes them.
  const rows: { lexeme: string; postings: string }[] = []
  for (const [lexeme, list] of lists) {
    const best = prune(list, ids, perStem)
    const postings = best.passage.map((p, k) => {
      const counts = unpackCounts(best.counts[k]!)
      return `${ids[p]},${documents[p]},${kinds[p]},${counts},${lengths[p]}`
    })
    rows.push({ lexeme, postings: postings.join(' ') })
  }
  lists.clear()
  // One transaction: searches see the old lists or the new, never half of them.
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL may each rebuild the lists (ensureChampions after an upgrade):
    // one at a time, or the second's inserts meet the first's rows, committed after its delete.
    await lockForTransaction(tx, LOCK_SCOPES.champions, 'build')
    await tx.execute(sql`delete from corpus_champions`)
    for (let at = 0; at < rows.length; at += INSERT_BATCH)
      await tx.insert(corpusChampions).values(rows.slice(at, at + INSERT_BATCH))
    await recordBuild(tx, CHAMPIONS_MARK, championsSignature(perStem))
  })
  await yieldToEventLoop()
  await db.execute(sql`analyze corpus_champions`)
}

/**
 * Rebuilds the lists when they were built otherwise than this release builds them (or before it recorded how):
 * once, seconds for the whole folder. True when it rebuilt them.
 */
export async function ensureChampions(db: Db): Promise<boolean> {
  if (!(await needsBuild(db, CHAMPIONS_MARK, championsSignature()))) return false
  await buildChampions(db)
  vocabularyChanged()
  return true
}

/**
 * The champion lists of some stems, unpacked one posting at a time: thousands per question, so `visit` is handed
 * the same object each time, refilled (it copies what it keeps) — a new object per posting was most of what the
 * first stage left the collector.
 */
export async function forEachChampion(
  db: Db,
  stems: string[],
  visit: (posting: Readonly<Posting>) => void,
): Promise<void> {
  const rows = await queryRows<{ lexeme: string; postings: string }>(
    db,
    sql`select lexeme, postings from corpus_champions
        where lexeme = any(${`{${stems.map((s) => `"${s}"`).join(',')}}`}::text[])`,
  )
  const p: Posting = {
    lexeme: '',
    passageId: 0,
    documentId: 0,
    kind: '',
    inHeading: 0,
    inPath: 0,
    inText: 0,
    inDescriptors: 0,
    length: 0,
  }
  for (const { lexeme, postings } of rows) {
    const text = new PostingsText(postings)
    p.lexeme = lexeme
    while (!text.done) {
      p.passageId = text.number()
      p.documentId = text.number()
      p.kind = text.word(',')
      p.inHeading = text.number()
      p.inPath = text.number()
      p.inText = text.number()
      p.inDescriptors = text.number()
      p.length = text.number()
      visit(p)
    }
  }
}
