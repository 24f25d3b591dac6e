import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { LOCK_SCOPES, lockForTransaction } from '../../db/advisory-lock'
import { forEachBatchById } from '../../db/batches'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { loadLawNames, loadNormDescriptor, normDescriptorsDir } from '../pack/pack-data'
import { packDir } from '../pack/pack-dir'
import type { CitedName } from '../parse/cited-names'
import { corpusNormTerms } from '../schema'
import { recordBuild } from './build-marks'
import { identifierMatches } from './candidates'
import { namesFromCitations } from './names-from-citations'
import { fold } from './normalize'
import { PostingsText } from './postings-text'
import { forEachLexeme } from './tsvector-text'

/**
 * The norm-level index (corpus_norm_terms): what each norm is about, read from the norm itself — its title and
 * names, the headings of its articles, its structure (títulos, capítulos) and the text of its opening articles
 * (objeto, ámbito, definiciones) — so that search can choose the norms a question concerns before it ranks
 * articles. A specific law says in its title and headings what a code mentions in one article among two thousand:
 * 'gratificaciones' is the whole of Ley 27735 and a word in the TUO 728.
 */

/** How much each part of a norm says about its subject (a norm-level BM25F). */
export const NORM_FIELDS = {
  /** Title and names: the norm is about this. */
  title: 3,
  /**
   * Article headings holding the stem (log-scaled: many headings, one subject). Half a title's third: a code's
   * headings name hundreds of matters, each of which the code is not about. Swept on the tune parts (decision 0015
   * §27): 1 → 0.5 recall@5 unchanged, MRR tune .779 → .788 and tune-wide .631 → .638.
   */
  heading: 0.5,
  /** Structure headings (títulos, capítulos) holding it, counted per passage under them (log-scaled). */
  path: 0.5,
  /**
   * The opening articles' text (object, scope, definitions), capped. A short law's third article may list a page of
   * requirements, each word of it counted as if the law were about it ('deudores', in a bar on those who owe
   * reparations, made a law on appointing health staff a first choice for questions on debts and banks).
   * Swept on the tune parts (decision 0015 §26): 0.5 → 0.25 tune-wide recall@5 .836 → .855, tune unchanged.
   */
  opening: 0.25,
  openingCap: 3,
  /** Articles that count as opening ones: the first few of the norm. */
  openingArticles: 3,
  /**
   * The norm descriptor's (packs/pe/norm-descriptors, `corpus:describe`) subject, and the people, situations and
   * questions it concerns, in people's words: once in them says what the norm is about, as a heading does.
   */
  subject: 1,
  described: 1,
  /**
   * Articles whose descriptors (people's words for what each regulates, packs/pe/descriptors) hold the stem,
   * log-scaled as headings are: the words people use for a law's articles say what the law is about in their words,
   * where its headings say it in the law's. Measured at 2 (decision 0015 §10): better first hits on the whole
   * folder, but more out-of-scope messages charged and two judge questions out of the top 5, so it ships off.
   */
  people: 0,
  /** BM25 saturation and the normalisation by the norm's number of articles. */
  k1: 1.2,
  b: 0.5,
  /**
   * Whether the title, names and descriptor fields are normalised by the norm's size as its headings, structure and
   * opening are (1), or not (0, a BM25F's per-field normalisation): they are about as long for a three-article law
   * as for a code, so dividing them by the code's size says the code is less about its own title.
   */
  sizeAll: 1,
  /**
   * What measures a norm's size for `b`: 0 its articles, 1 the distinct stems of its profile, between them a blend
   * (each over its mean). A norm whose few articles run long (a law delegating a dozen matters to the Executive, one
   * amending a dozen laws, one creating a district with its boundaries) holds a profile as wide as a code's; by its
   * articles alone each of its words weighed as a short law's, and it led the choice for questions on any of them.
   * Swept on the tune parts (decision 0015 §24): 0.15–0.5 tune-wide recall@5 .812 → .830, 0.3 in the middle.
   */
  sizeByStems: 0.3,
}

/** Norms kept per stem, best first: a question reads a few dozen stems' lists. */
export const NORMS_PER_STEM = 400

const BATCH = 2000
const INSERT_BATCH = 500

type Counts = {
  heading: number
  path: number
  opening: number
  people?: number
  subject?: boolean
  described?: boolean
}

const usable = (lexeme: string) => lexeme.length >= 3 && lexeme.length <= 40 && !/[0-9]/.test(lexeme)

/** The weight of a stem for a norm: saturated field frequency over the norm's size (1: the mean norm's). */
export function normWeight(title: boolean, c: Counts, size: number): number {
  const F = NORM_FIELDS
  const body =
    F.heading * Math.log2(1 + c.heading) +
    F.path * Math.log2(1 + c.path) +
    F.opening * Math.min(c.opening, F.openingCap) +
    F.people * Math.log2(1 + (c.people ?? 0))
  const fixed = (title ? F.title : 0) + (c.subject ? F.subject : 0) + (c.described ? F.described : 0)
  if (body + fixed <= 0) return 0
  const norm = 1 - F.b + F.b * size
  const tf = body / norm + fixed / (F.sizeAll ? norm : 1)
  return (tf * (F.k1 + 1)) / (tf + F.k1)
}

/**
 * Rebuilds the norm-level index from the passages' tsvectors (headings A, structure and title B, text C) and the
 * titles, plus the names the country pack gives some norms and the norm descriptors' words. Read and computed outside
 * any transaction, a batch of passages at a time with a turn of the event loop between batches, as the champion
 * lists are (champions.ts): on PGlite a transaction holds every other request, and reading the whole folder's
 * passages was 10 of this build's 12 s, during which a search of the first start's pass waited. Written in one
 * transaction: searches see the old index or the new.
 */
export async function buildNormTerms(db: Db): Promise<void> {
  const docs = await queryRows<{
    id: number
    identifier: string
    title: string
    plainTitle: string
    cites: CitedName[] | null
  }>(
    db,
    sql`select d.id, d.identifier, to_tsvector('es_legal', d.title)::text as title, d.title as "plainTitle",
          d.metadata->'citedNames' as cites
        from corpus_documents d where d.kind = 'norma'`,
  )
  const names = loadLawNames()
  /** Per norm, folded: its title and the names the pack and its descriptor give it. */
  const knownOf = new Map<number, string[]>()
  const titleStems = new Map<number, Set<string>>()
  // Per norm: its other names (the pack's list, its descriptor's) and its descriptor's words, stemmed below.
  const texts: { id: number; names: string; subject: string; described: string }[] = []
  for (const d of docs) {
    const stems = new Set<string>()
    forEachLexeme(d.title, (lexeme) => stems.add(lexeme))
    titleStems.set(d.id, stems)
    const described = loadNormDescriptor(d.identifier)
    const known = [
      ...names.filter((n) => identifierMatches(d.identifier, n.identifiers)).flatMap((n) => n.names),
      ...(described?.names ?? []),
    ]
    knownOf.set(d.id, [d.plainTitle, ...known].map(fold))
    if (known.length || described)
      texts.push({
        id: d.id,
        names: known.join(' '),
        subject: described?.subject ?? '',
        described: [...(described?.concerns ?? []), ...(described?.questions ?? [])].join(' '),
      })
  }
  const stemmed = await queryRows<{ id: number; names: string; subject: string; described: string }>(
    db,
    sql`select x.id, to_tsvector('es_legal', x.names)::text as names,
          to_tsvector('es_legal', x.subject)::text as subject, to_tsvector('es_legal', x.described)::text as described
        from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) as x(id int, names text, subject text, described text)`,
  )
  const fromDescriptor = new Map<number, { subject: Set<string>; described: Set<string> }>()
  for (const r of stemmed) {
    // A norm's names count as its title does ('ley mype', 'lpag').
    forEachLexeme(r.names, (lexeme) => titleStems.get(r.id)?.add(lexeme))
    const subject = new Set<string>()
    const described = new Set<string>()
    forEachLexeme(r.subject, (lexeme) => subject.add(lexeme))
    forEachLexeme(r.described, (lexeme) => described.add(lexeme))
    fromDescriptor.set(r.id, { subject, described })
  }

  const counts = new Map<number, Map<string, Counts>>()
  const articles = new Map<number, number>()
  // A batch of passages by id first, then what is read of the norms' articles among them: filtered before the
  // limit, Postgres computed every remaining passage's tsvector text for each batch (0.5 s a batch on the folder).
  await forEachBatchById<{
    id: number
    documentId: number
    counted: boolean
    opening: boolean
    ab: string
    c: string
    d: string
  }>(
    db,
    (after) =>
      sql`with batch as (
            select p.id, p.document_id, p.kind, p.ordinal, p.search from corpus_passages p
            where p.id > ${after} order by p.id limit ${BATCH}
          ), read as (
            select b.*, d.kind = 'norma' and b.kind in ('articulo', 'disposicion') as counted
            from batch b join corpus_documents d on d.id = b.document_id
          )
          select r.id, r.document_id as "documentId", r.counted,
            r.ordinal <= ${NORM_FIELDS.openingArticles} as opening,
            case when r.counted then ts_filter(r.search, '{a,b}')::text else '' end as ab,
            case when r.counted and r.ordinal <= ${NORM_FIELDS.openingArticles}
              then ts_filter(r.search, '{c}')::text else '' end as c,
            ${NORM_FIELDS.people > 0 ? sql`case when r.counted then ts_filter(r.search, '{d}')::text else '' end` : sql`''`} as d
          from read r order by r.id`,
    (rows) => {
      for (const r of rows) {
        if (!r.counted) continue
        articles.set(r.documentId, (articles.get(r.documentId) ?? 0) + 1)
        const mine = counts.get(r.documentId) ?? new Map<string, Counts>()
        counts.set(r.documentId, mine)
        const title = titleStems.get(r.documentId)
        const at = (lexeme: string) => {
          const c = mine.get(lexeme) ?? { heading: 0, path: 0, opening: 0 }
          mine.set(lexeme, c)
          return c
        }
        forEachLexeme(r.ab, (lexeme, a, b) => {
          if (!usable(lexeme)) return
          if (a) at(lexeme).heading++
          // Every passage's B weight holds the title: only the structure's words count as structure.
          if (b && !title?.has(lexeme)) at(lexeme).path++
        })
        if (r.opening)
          forEachLexeme(r.c, (lexeme, _a, _b, c) => {
            if (usable(lexeme) && c) at(lexeme).opening += c
          })
        forEachLexeme(r.d, (lexeme, _a, _b, _c, d) => {
          if (!usable(lexeme) || !d) return
          const counts = at(lexeme)
          counts.people = (counts.people ?? 0) + 1
        })
      }
    },
  )

  // The names other norms give a norm when they cite it, checked against its title, headings and opening articles.
  const cited = await namesGivenByCitations(db, docs, knownOf, (id) => [
    ...(titleStems.get(id) ?? []),
    ...(counts.get(id)?.keys() ?? []),
  ])
  for (const [id, list] of cited.byNorm)
    for (const name of list)
      for (const lexeme of cited.lexemes.get(name) ?? []) titleStems.get(id)?.add(lexeme)
  // The names people call a norm by, for search to recognise when a question names it (vocabulary.ts).
  // Kept apart (`citedAs`) from the descriptor's, so that what the citations added can be listed (eval:cited-names).
  const named = docs.flatMap((d) => {
    const names = loadNormDescriptor(d.identifier)?.names ?? []
    const citedAs = cited.byNorm.get(d.id) ?? []
    return names.length || citedAs.length ? [{ id: d.id, names, citedAs }] : []
  })

  const sizes = [...articles.values()]
  const meanArticles = sizes.length ? sizes.reduce((x, y) => x + y, 0) / sizes.length : 1
  const lists = new Map<string, { doc: number; weight: number }[]>()
  const add = (lexeme: string, doc: number, weight: number) => {
    if (weight <= 0) return
    const list = lists.get(lexeme)
    if (list) list.push({ doc, weight })
    else lists.set(lexeme, [{ doc, weight }])
  }
  const profiles = docs.map((d) => {
    const title = titleStems.get(d.id) ?? new Set<string>()
    const mine = counts.get(d.id) ?? new Map<string, Counts>()
    const described = fromDescriptor.get(d.id)
    const at = (lexeme: string) => {
      const c = mine.get(lexeme) ?? { heading: 0, path: 0, opening: 0 }
      mine.set(lexeme, c)
      return c
    }
    for (const lexeme of title) if (usable(lexeme)) at(lexeme)
    for (const lexeme of described?.subject ?? []) if (usable(lexeme)) at(lexeme).subject = true
    for (const lexeme of described?.described ?? []) if (usable(lexeme)) at(lexeme).described = true
    return { id: d.id, title, mine }
  })
  const meanStems = profiles.reduce((x, p) => x + p.mine.size, 0) / Math.max(1, profiles.length)
  for (const { id, title, mine } of profiles) {
    const x = NORM_FIELDS.sizeByStems
    const size = (1 - x) * ((articles.get(id) ?? 0) / meanArticles) + x * (mine.size / meanStems)
    for (const [lexeme, c] of mine) add(lexeme, id, normWeight(title.has(lexeme), c, size))
  }

  // The rows made before the transaction, so that it holds requests only while it writes them.
  const rows: { lexeme: string; postings: string }[] = []
  for (const [lexeme, list] of lists) {
    list.sort((x, y) => y.weight - x.weight || x.doc - y.doc)
    // The first number is how many norms hold the stem, kept or not: its norm-level idf.
    const postings = `${list.length} ${list
      .slice(0, NORMS_PER_STEM)
      .map((p) => `${p.doc}:${p.weight.toFixed(3)}`)
      .join(' ')}`
    rows.push({ lexeme, postings })
  }
  const signature = normPackSignature()
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL would each delete and insert the same stems: one at a time.
    await lockForTransaction(tx, LOCK_SCOPES.normTerms, 'build')
    const w = tx as unknown as Db
    await w.execute(
      sql`update corpus_documents set metadata = metadata - 'names' - 'citedAs'
          where kind = 'norma' and (metadata ? 'names' or metadata ? 'citedAs')`,
    )
    await w.execute(sql`
      update corpus_documents d set metadata = d.metadata || jsonb_build_object('names', x.names, 'citedAs', x."citedAs")
      from jsonb_to_recordset(${JSON.stringify(named)}::jsonb) as x(id int, names jsonb, "citedAs" jsonb)
      where d.id = x.id`)
    await w.execute(sql`delete from corpus_norm_terms`)
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await w.insert(corpusNormTerms).values(rows.slice(i, i + INSERT_BATCH))
    await recordBuild(w, PACK_MARK, signature)
  })
}

/**
 * namesFromCitations over the folder's norms, with the stems of every name a citation gives (one query): a name is
 * kept only where each of its stems is one of the cited norm's own (`ownStems`).
 */
async function namesGivenByCitations(
  db: Db,
  docs: { id: number; identifier: string; cites: CitedName[] | null }[],
  knownOf: Map<number, string[]>,
  ownStems: (id: number) => string[],
): Promise<{ byNorm: Map<number, string[]>; lexemes: Map<string, string[]> }> {
  const norms = docs.map((d) => ({
    id: d.id,
    identifier: d.identifier,
    known: knownOf.get(d.id) ?? [],
    cites: Array.isArray(d.cites) ? d.cites : [],
  }))
  const phrases = [...new Set(norms.flatMap((n) => n.cites.map((c) => c.name)))]
  const lexemes = new Map<string, string[]>()
  if (phrases.length) {
    const rows = await queryRows<{ name: string; stems: string }>(
      db,
      sql`select x.name, to_tsvector('es_legal', x.name)::text as stems
          from jsonb_array_elements_text(${JSON.stringify(phrases)}::jsonb) as x(name)`,
    )
    for (const r of rows) {
      const list: string[] = []
      forEachLexeme(r.stems, (lexeme) => list.push(lexeme))
      lexemes.set(r.name, list)
    }
  }
  const byNorm = namesFromCitations(norms, (id, name) => {
    const own = new Set(ownStems(id))
    const stems = lexemes.get(name) ?? []
    return stems.length > 0 && stems.every((s) => own.has(s))
  })
  return { byNorm, lexemes }
}

/** A stem's norm-level list: how many norms hold it, and the best of them with their weights, side by side. */
export type NormList = { df: number; docs: number[]; weights: number[] }

/** Some stems' norm lists (stem → its list). */
export async function readNormTerms(db: Db, stems: string[]): Promise<Map<string, NormList>> {
  const out = new Map<string, NormList>()
  if (!stems.length) return out
  const rows = await queryRows<{ lexeme: string; postings: string }>(
    db,
    sql`select lexeme, postings from corpus_norm_terms
        where lexeme = any(${`{${stems.map((s) => `"${s}"`).join(',')}}`}::text[])`,
  )
  for (const { lexeme, postings } of rows) {
    // 'df doc:weight doc:weight …', weights with three decimals (buildNormTerms).
    const text = new PostingsText(postings)
    const df = text.number()
    const docs: number[] = []
    const weights: number[] = []
    while (!text.done) {
      docs.push(text.number())
      weights.push(text.number())
    }
    out.set(lexeme, { df, docs, weights })
  }
  return out
}

/** corpus_files' row (no file: corpus keys are relative paths) holding the pack data the index was built from. */
const PACK_MARK = ':norm-pack'

/**
 * What of the country pack the norm-level index reads (norm descriptors, law names), and the fields' weights it is
 * built with, as one hash: a deployment that updates the pack or a release that changes a weight gets its index
 * rebuilt at the next start, with no file of the corpus changed.
 */
export function normPackSignature(dir = packDir()): string {
  const hash = createHash('sha256').update(JSON.stringify(NORM_FIELDS))
  const files = [path.join(dir, 'law-names.json')]
  const described = normDescriptorsDir(dir)
  if (existsSync(described))
    for (const f of readdirSync(described).sort())
      if (f.endsWith('.json')) files.push(path.join(described, f))
  for (const file of files)
    if (existsSync(file)) hash.update(file.slice(dir.length)).update(readFileSync(file))
  return hash.digest('hex')
}

/**
 * Builds the norm-level index when it is missing (a database indexed before it existed) or was built from other
 * pack data than the pack's now. Ingestion's finish rebuilds it too, after any change of the corpus.
 */
export async function ensureNormTerms(db: Db): Promise<boolean> {
  const signature = normPackSignature()
  const [row] = await queryRows<{ documents: boolean; built: string | null; empty: boolean }>(
    db,
    sql`select exists (select 1 from corpus_documents) as documents,
          (select content_hash from corpus_files where path = ${PACK_MARK}) as built,
          not exists (select 1 from corpus_norm_terms) as empty`,
  )
  if (!row?.documents || (!row.empty && row.built === signature)) return false
  await buildNormTerms(db)
  return true
}
