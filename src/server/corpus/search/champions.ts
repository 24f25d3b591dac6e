import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { KIND_PRIOR, RANK } from './rank'

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

const kindPrior = sql.raw(
  `case p.kind ${Object.entries(KIND_PRIOR)
    .map(([kind, prior]) => `when '${kind}' then ${prior}`)
    .join(' ')} else 0.5 end`,
)

/**
 * Rebuilds the lists from the passages' tsvectors, in one transaction so searches see the old lists or the new.
 * The impact is the ranking's own per-word BM25F (field weights, length normalisation, saturation) times the
 * passage's priors: a common word's list keeps the articles that are about it, in the norms that matter most. A
 * long passage counts as no longer than the ranking's longCap: a few lines of it may be what answers.
 */
export async function buildChampions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`)
    await tx.execute(sql`delete from corpus_champions`)
    await tx.execute(sql`
      insert into corpus_champions (lexeme, postings)
      select lexeme,
        string_agg(concat_ws(',', passage_id, document_id, kind, a, b, c, d, len), ' ' order by impact desc, passage_id)
      from (
        select x.*, row_number() over (partition by x.lexeme order by x.impact desc, x.passage_id) as rn
        from (
          select u.lexeme, p.id as passage_id, p.document_id, p.kind, f.a, f.b, f.c, f.d, octet_length(p.content) as len,
            (t.tf * ${RANK.k1 + 1}::float8 / (${RANK.k1}::float8 + t.tf)) * ${kindPrior} * (1 + d.priority / 100.0)
              * (case when d.status is null or d.status = 'in_force' then 1 else 0.7 end) as impact
          from corpus_passages p
          join corpus_documents d on d.id = p.document_id
          cross join (
            select greatest(avg(octet_length(content)), 1) as mean from corpus_passages where duplicate_of is null
          ) m
          cross join lateral unnest(p.search) u
          cross join lateral (
            select coalesce(cardinality(array_positions(u.weights, 'A')), 0) as a,
              coalesce(cardinality(array_positions(u.weights, 'B')), 0) as b,
              coalesce(cardinality(array_positions(u.weights, 'C')), 0) as c,
              coalesce(cardinality(array_positions(u.weights, 'D')), 0) as d
          ) f
          cross join lateral (
            select ${RANK.heading}::float8 * f.a + ${RANK.path}::float8 * f.b + ${RANK.descriptor}::float8 * least(f.d, 1)
              + f.c / (${1 - RANK.b}::float8
                + ${RANK.b}::float8 * least(octet_length(p.content), ${RANK.longCap}::int) / m.mean) as tf
          ) t
          where p.duplicate_of is null and length(u.lexeme) between 3 and 40 and u.lexeme !~ '[0-9]'
        ) x
      ) y
      where rn <= ${CHAMPIONS_PER_STEM}::int
      group by lexeme
    `)
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
