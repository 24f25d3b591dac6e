import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { MIN_DUPLICATE_LENGTH } from '../ingest/finish-index'
import { fold } from '../search/normalize'
import { descriptorPath, handWritten, readLines } from './article-lines'

/**
 * Which norms get article-level descriptors: the ones people ask about most, taken to be the ones most cited by
 * other norms (corpus_citations, rebuilt at each ingestion). The rule, in order of citations (then identifier):
 * a norm, not a ruling; cited by at least `minCited` other documents; with at least one article in the index; not
 * a copy whose articles are mostly shown under another norm (more than half of those long enough to compare are
 * duplicate_of another's: their descriptors would never be searched); and not one whose descriptor file has hand-written lines (the demo norms). The first `top` pass.
 */
export type CitedNorm = {
  identifier: string
  title: string
  /** Its file, relative to the corpus folder. */
  sourcePath: string
  cited: number
  articles: number
  /** Of its articles, how many are long enough to be told a duplicate (finish-index.ts), and how many are one. */
  comparable: number
  hidden: number
}

/** Every norm cited at least `minCited` times (0: every norm), most cited first. */
export async function mostCitedNorms(db: Db, minCited: number): Promise<CitedNorm[]> {
  return queryRows<CitedNorm>(
    db,
    sql`select d.identifier, d.title, d.source_path as "sourcePath", coalesce(c.cited, 0)::int as cited,
          count(p.id) filter (where p.kind = 'articulo')::int as articles,
          count(p.id) filter (
            where p.kind = 'articulo' and length(p.content) >= ${MIN_DUPLICATE_LENGTH}
          )::int as comparable,
          count(p.id) filter (where p.kind = 'articulo' and p.duplicate_of is not null)::int as hidden
        from corpus_documents d
        left join corpus_citations c on c.document_id = d.id
        left join corpus_passages p on p.document_id = d.id
        where d.kind = 'norma' and coalesce(c.cited, 0) >= ${minCited}
        group by d.id, c.cited
        order by coalesce(c.cited, 0) desc, d.identifier`,
  )
}

export type Chosen = { chosen: CitedNorm[]; passed: { identifier: string; cited: number; reason: string }[] }

/**
 * The first `top` norms of the ranking that pass the rule; those passed over before the last one, with why.
 * `skipTitlePhrases` (the pack's describe-rules.json): titles of norms cited for the State's own workings, not asked
 * about ('presupuesto', 'delega en el poder ejecutivo').
 */
export function chooseNorms(
  ranked: CitedNorm[],
  pack: string,
  top: number,
  skipTitlePhrases: readonly string[] = [],
): Chosen {
  const chosen: CitedNorm[] = []
  const passed: Chosen['passed'] = []
  const skipped = (title: string) => skipTitlePhrases.some((p) => fold(title).includes(fold(p)))
  for (const norm of ranked) {
    if (chosen.length >= top) break
    const reason = !norm.articles
      ? 'sin artículos'
      : skipped(norm.title)
        ? 'su materia es el funcionamiento del Estado (describe-rules.json)'
        : norm.hidden * 2 > norm.comparable
          ? 'sus artículos se muestran bajo otra norma (duplicada)'
          : handWritten(readLines(descriptorPath(pack, norm.sourcePath))).size
            ? 'tiene descriptores escritos a mano'
            : null
    if (reason) passed.push({ identifier: norm.identifier, cited: norm.cited, reason })
    else chosen.push(norm)
  }
  return { chosen, passed }
}

/**
 * The subject rule beside the citation one: the norms the pack's areas name as governing an area (domains.json,
 * written from the norms' titles and subjects) are the laws people ask about in that area, however rarely other
 * norms cite them (the CTS or vacation laws are cited far less than the State's own organisation laws). Same
 * passing rules as `chooseNorms`, every one of them (no `top`).
 */
export function chooseAreaNorms(
  ranked: CitedNorm[],
  areaIdentifiers: ReadonlySet<string>,
  pack: string,
  skipTitlePhrases: readonly string[] = [],
): Chosen {
  return chooseNorms(
    ranked.filter((n) => areaIdentifiers.has(n.identifier)),
    pack,
    Number.POSITIVE_INFINITY,
    skipTitlePhrases,
  )
}
