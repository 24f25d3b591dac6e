import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { corpusChampions } from '../schema'
import { KIND_PRIOR, RANK } from './rank'
import { forEachLexeme } from './tsvector-text'

/**
 * Champion lists (corpus_champions): per stem, the passages where it weighs most. A question's first stage reads
 * its stems' lists (a few thousand narrow rows through the primary key) instead of asking the GIN index for every
 * passage that holds a common word and ranking them all, which on the whole folder meant reading 10,000
 * tsvectors. A list holds every passage of a stem found in fewer passages than this, the best ones of the others.
 */
export const CHAMPIONS_PER_STEM = 300

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

/** A stem's best passages so far: impacts, passage indexes and packed field counts, side by side. */
type List = { impact: number[]; passage: number[]; counts: number[] }

/** a, b and d below 256 and c below 2^32 fit exactly in a double: a + 256·b + 65,536·d + 16,777,216·c. */
const pack = (a: number, b: number, c: number, d: number) =>
  Math.min(a, 255) + 256 * Math.min(b, 255) + 65_536 * Math.min(d, 255) + 16_777_216 * c
const unpack = (x: number) => [
  x % 256,
  Math.floor(x / 256) % 256,
  Math.floor(x / 16_777_216),
  Math.floor(x / 65_536) % 256,
]

/** Keeps a list's best CHAMPIONS_PER_STEM entries (higher impact first, then the lower passage id). */
function prune(list: List, ids: number[]): List {
  const order = list.impact.map((_, k) => k)
  order.sort((x, y) => list.impact[y]! - list.impact[x]! || ids[list.passage[x]!]! - ids[list.passage[y]!]!)
  const keep = order.slice(0, CHAMPIONS_PER_STEM)
  return {
    impact: keep.map((k) => list.impact[k]!),
    passage: keep.map((k) => list.passage[k]!),
    counts: keep.map((k) => list.counts[k]!),
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
export async function buildChampions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [stats] = await queryRows<{ mean: number }>(
      t,
      sql`select greatest(avg(octet_length(content)), 1)::float8 as mean from corpus_passages where duplicate_of is null`,
    )
    const mean = Number(stats?.mean ?? 1)
    // The passages, by index: what each posting needs of its passage, once.
    const ids: number[] = []
    const documents: number[] = []
    const kinds: string[] = []
    const lengths: number[] = []
    const lists = new Map<string, List>()
    let last = 0
    for (;;) {
      const rows = await queryRows<{
        id: number
        documentId: number
        kind: string
        length: number
        priority: number
        status: string | null
        search: string
      }>(
        t,
        sql`select p.id, p.document_id as "documentId", p.kind, octet_length(p.content) as length, d.priority,
              d.status, p.search::text as search
            from corpus_passages p join corpus_documents d on d.id = p.document_id
            where p.duplicate_of is null and p.id > ${last} order by p.id limit ${BATCH}`,
      )
      if (!rows.length) break
      last = rows[rows.length - 1]!.id
      for (const r of rows) {
        const index = ids.length
        ids.push(r.id)
        documents.push(r.documentId)
        kinds.push(r.kind)
        lengths.push(r.length)
        const prior =
          (KIND_PRIOR[r.kind] ?? 0.5) *
          (1 + r.priority / 100) *
          (r.status === null || r.status === 'in_force' ? 1 : 0.7)
        const norm = 1 - RANK.b + (RANK.b * Math.min(r.length, RANK.longCap)) / mean
        forEachLexeme(r.search, (lexeme, a, b, c, d) => {
          if (lexeme.length < 3 || lexeme.length > 40 || /[0-9]/.test(lexeme)) return
          const tf = RANK.heading * a + RANK.path * b + RANK.descriptor * Math.min(d, 1) + c / norm
          let list = lists.get(lexeme)
          if (!list) {
            list = { impact: [], passage: [], counts: [] }
            lists.set(lexeme, list)
          }
          list.impact.push(((tf * (RANK.k1 + 1)) / (RANK.k1 + tf)) * prior)
          list.passage.push(index)
          list.counts.push(pack(a, b, c, d))
          if (list.impact.length >= 2 * CHAMPIONS_PER_STEM) lists.set(lexeme, prune(list, ids))
        })
      }
    }
    await t.execute(sql`delete from corpus_champions`)
    let batch: { lexeme: string; postings: string }[] = []
    const flush = async () => {
      if (batch.length) await t.insert(corpusChampions).values(batch)
      batch = []
    }
    for (const [lexeme, list] of lists) {
      const best = prune(list, ids)
      const postings = best.passage.map((p, k) => {
        const [a, b, c, d] = unpack(best.counts[k]!)
        return `${ids[p]},${documents[p]},${kinds[p]},${a},${b},${c},${d},${lengths[p]}`
      })
      batch.push({ lexeme, postings: postings.join(' ') })
      if (batch.length >= INSERT_BATCH) await flush()
    }
    await flush()
  })
  await db.execute(sql`analyze corpus_champions`)
}

/** The champion lists of some stems, unpacked. */
export async function readChampions(db: Db, stems: string[]): Promise<Posting[]> {
  const rows = await queryRows<{ lexeme: string; postings: string }>(
    db,
    sql`select lexeme, postings from corpus_champions
        where lexeme = any(${`{${stems.map((s) => `"${s}"`).join(',')}}`}::text[])`,
  )
  const out: Posting[] = []
  for (const { lexeme, postings } of rows) {
    // 'passage,document,kind,a,b,c,d,length passage,…': read in place, thousands of entries per question.
    let at = 0
    const number = () => {
      let n = 0
      for (let ch = postings.charCodeAt(at); ch >= 48 && ch <= 57; ch = postings.charCodeAt(++at))
        n = n * 10 + ch - 48
      at++ // the ',' or ' ' after it
      return n
    }
    while (at < postings.length) {
      const passageId = number()
      const documentId = number()
      const comma = postings.indexOf(',', at)
      const kind = postings.slice(at, comma)
      at = comma + 1
      out.push({
        lexeme,
        passageId,
        documentId,
        kind,
        inHeading: number(),
        inPath: number(),
        inText: number(),
        inDescriptors: number(),
        length: number(),
      })
    }
  }
  return out
}
