import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { loadPackManifest } from '../pack/manifest'
import { fold } from './normalize'
import { stemWords } from './vocabulary'

/** How a document is cited: by number (a tsquery), by the words of its name (to stem into one), or both. */
export type Citation = { numbered: string | null; name: string[] | null }

const { numberedNorms, countryWords } = loadPackManifest()
/** A numbered norm's identifier prefix → the stem its kind is cited with (pack.json: LEY → 'ley', DLEG → 'legisl'). */
const NUMBERED_KIND = new Map(numberedNorms.map((k) => [k.prefix, k.citedAs]))
const NUMBERED_ID = numberedNorms.length
  ? new RegExp(`^(${numberedNorms.map((k) => k.prefix).join('|')})-(\\d{2,5})-`)
  : null
/** Words of a code's name that do not tell which code: Spanish articles, and the country's own name. */
const NAME_NOISE = new Set(['de', 'del', 'la', 'los', 'las', 'y', 'el', ...countryWords])

function byNumber(kind: string, raw: string): string {
  const n = String(Number(raw))
  if (n.length >= 5) return `'${n}':AC`
  return [1, 2, 3].map((d) => `('${kind}':AC <${d}> '${n}':AC)`).join(' | ')
}

/**
 * How a document is cited in the text of others. Numbered norms by their number ('Ley N° 29733': a five-digit
 * number is specific enough on its own, a shorter one only after its kind), from the identifier or the title ('TUO
 * del D.Leg. 728'); codes and the Constitution by the words of their name ('el Código Civil'). Only heading and
 * text count (weights A, C): the title each passage carries (B) is its own document's.
 */
export function citationQuery(identifier: string, title: string): Citation {
  const parts: string[] = []
  const numbered = NUMBERED_ID?.exec(identifier)
  if (numbered) parts.push(byNumber(NUMBERED_KIND.get(numbered[1]!)!, numbered[2]!))
  const tuo = /-TUO-(\d{4,5})-/.exec(identifier)
  if (tuo) parts.push(byNumber('ley', tuo[1]!))
  const folded = fold(title)
  // A consolidated text is cited by the number of the law it consolidates ('TUO del D.Leg. 728'); other titles
  // name the laws they amend.
  const inTitle =
    /^(?:tuo|texto unico ordenado)\b.*?\b(ley|d\.? ?leg\.?|decreto legislativo)\s*(?:n\.?\s*)?(\d{3,5})\b/.exec(
      folded,
    )
  if (inTitle) parts.push(byNumber(inTitle[1] === 'ley' ? 'ley' : 'legisl', inTitle[2]!))
  const name = folded
    .replace(/^.*? - /, '')
    .replace(/^(tuo|texto unico ordenado) del? /, '')
    .replace(/^nuevo /, '')
    .replace(/\(.*$/, '')
    .trim()
  const m = /^(codigo|constitucion)( [a-z]+){1,6}/.exec(name)
  const words = m ? m[0].split(' ').filter((w) => !NAME_NOISE.has(w)) : []
  return {
    numbered: parts.length ? [...new Set(parts)].join(' | ') : null,
    name: words.length >= 2 ? words.slice(0, 4) : null,
  }
}

/**
 * Rebuilds corpus_citations: for each document, how many other documents cite it. One count per
 * document, each a GIN lookup; seconds for the whole folder.
 */
export async function buildCitations(db: Db): Promise<void> {
  const docs = await queryRows<{ id: number; identifier: string; title: string }>(
    db,
    sql`select id, identifier, title from corpus_documents`,
  )
  const cited = docs.map((d) => ({ id: d.id, citation: citationQuery(d.identifier, d.title) }))
  const stems = await stemWords(db, [...new Set(cited.flatMap((c) => c.citation.name ?? []))])
  const ids: number[] = []
  const queries: string[] = []
  for (const { id, citation } of cited) {
    const parts = citation.numbered ? [citation.numbered] : []
    const lexemes = (citation.name ?? []).map((w) => stems.get(w)).filter((l): l is string => !!l)
    // 'el Código Civil' as a phrase; a longer name as all its words.
    if (lexemes.length >= 2)
      parts.push(lexemes.map((l) => `'${l}':AC`).join(lexemes.length === 2 ? ' <-> ' : ' & '))
    if (!parts.length) continue
    ids.push(id)
    queries.push(parts.map((p) => `(${p})`).join(' | '))
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from corpus_citations`)
    if (!ids.length) return
    // Documents cited alike (a code split in two files, two editions of it) do not cite each other.
    await tx.execute(sql`
      with t as (
        select * from unnest(${`{${ids.join(',')}}`}::int[], ${`{${queries.map((q) => `"${q}"`).join(',')}}`}::text[])
          as t(id, q)
      ),
      g as (select q, array_agg(id) as ids from t group by q)
      insert into corpus_citations (document_id, cited)
      select t.id, c.n
      from t join g on g.q = t.q
      cross join lateral (
        select count(distinct p.document_id)::int as n from corpus_passages p
        where p.search @@ to_tsquery('simple', g.q) and p.document_id <> all(g.ids) and p.duplicate_of is null
      ) c
    `)
  })
}
