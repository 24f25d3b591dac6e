import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { LOCK_SCOPES, lockForTransaction } from '../../db/advisory-lock'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { loadPackManifest, type NumberedNorm } from '../pack/manifest'
import { loadLawNames } from '../pack/pack-data'
import { needsBuild, recordBuild } from './build-marks'
import { fullYear, plain } from './norm-mentions'
import { fold } from './normalize'

/**
 * Articles of the folder's norms that a later norm of the folder rewrites. The folder mostly holds a norm as it
 * stands today, not always: Ley 26790's file keeps the 1997 text of its article 10, which Ley 31469 rewrote in 2022
 * ('Se modifica el artículo 10 de la Ley 26790… en los siguientes términos:'), and its file has no note saying so.
 * A person reading that article in the sources drawer must be told which norm rewrote it, as a repealed norm says
 * which norm repealed it (repeals.ts). Read from the amending norm's own words, as a lawyer reads them: the verb
 * that rewrites ('Modifícase', 'Se modifican', 'Sustitúyese'), the articles it names and the norm they are of.
 * 'Incorpórase el artículo 10-A' adds an article the older text never had: nothing there to flag.
 */
export type Amendment = {
  /** The amended norm: a numbered one (pack.json numberedNorms), or the files of a norm named (law-names.json). */
  norm: { prefix: string; number: number; year: number | null } | { identifiers: string[] }
  /** The amended article's number as the index keeps it, folded ('10', '2-a', '1-bis'). */
  article: string
}

/**
 * The verb that rewrites, and its clause up to what introduces the new text (':') or the sentence's end:
 * 'Modifícase…', 'Modifícanse…', 'Modifíquese…', 'Se modifica(n)…', 'Sustitúyese…', 'Se sustituye(n)…'.
 */
const VERB =
  /(?:\bmodifi(?:ca|que)n?se|\bse modifican?|\bsustitu(?:ya|ye)n?se|\bse sustituyen?)\s+([^\n:]{0,600}?)(?:\.(?=\s|$)|:|\n|$)/g
/** 'el artículo 10', 'los artículos 2, 3 y 7', 'el literal a) del artículo 2-A': the numbers after the word. */
const ARTICLES =
  /\barticulos?\s+((?:\d{1,4}(?:\.\d+)*(?:\s*-\s*(?:bis|ter|quater|[a-z])|\s*(?:bis|ter|quater)|[a-z])?(?![a-z\d])[°º.%]?(?:\s*(?:-{2}|\()\s*(?:literal|numeral|inciso|parrafo)[^-)]{0,30}(?:-{2}|\))|\s*,\s*(?:literal|numeral|inciso)\s+[a-z\d.]{1,8}\)?)?(?:\s*,?\s+[ye]\s+|\s*,\s*)?)+)/g
/**
 * 'los artículos 6 --literal e--, 15 (numeral 2), 20, literal a)': the part named beside an article's number, whose
 * numbers are not articles.
 */
const PART_OF =
  /(?:-{2}|\()\s*(?:literal|numeral|inciso|parrafo)[^-)]{0,30}(?:-{2}|\))|,\s*(?:literal|numeral|inciso)\s+[a-z\d.]{1,8}\)?/g
/**
 * One number of such a list, with its letter or 'bis' ('2-A', '2A', '1 bis'); a lone 'y' is the list's; 'el artículo
 * 38.8' is a numeral of article 38.
 */
const ARTICLE_NUMBER =
  /(\d{1,4})(?:\.\d+)*(?:\s*-\s*(bis|ter|quater|[a-z])|\s*(bis|ter|quater)|([a-z]))?(?![a-z\d])/g
/**
 * The new text an amending article quotes ('…en los términos siguientes: “Artículo 10.- …”') is the amended norm's,
 * not the amending one's: what it says ('se modifica…') amends nothing.
 */
const QUOTED = /“[^”]*(?:”|$)|«[^»]*(?:»|$)|"[^"]*(?:"|$)/g

/**
 * An article belongs to the norm named next, when it comes close after it ('el artículo 10 de la Ley 26790'), with no
 * other article between: 'el artículo 5 de la presente ley y el artículo 3 de la Ley 27056' does not give 5 to 27056.
 */
const NEAR = 90
/**
 * 'del Reglamento de la Ley 29783, aprobado por Decreto Supremo 005-2012-TR', 'del Texto Único Ordenado de la Ley
 * 27444, aprobado por…': the article is the regulation's (the consolidated text's), the norm that approved it.
 */
const APPROVED_TEXT = /\b(?:reglamento|texto unico ordenado|tuo)\b/
const APPROVED_BY = /\baprobad[oa]s?\s+(?:mediante|por)\s+(?:el\s+|la\s+)?$/

type Mention = { start: number; end: number; norm: Amendment['norm'] }

/** A name of a norm (folded), as a whole-word pattern, and the files that hold the norm. */
type NormName = { name: string; re: RegExp; identifiers: string[] }

/** Names of a norm that stand in an amending text for it ('del Código Penal'): whole names, not acronyms. */
function normNames(): NormName[] {
  return loadLawNames().flatMap(({ names, identifiers }) =>
    names
      .map(fold)
      .filter((n) => n.includes(' ') && n.length >= 10 && /^[a-z ]+$/.test(n))
      .map((n) => ({ name: n, re: new RegExp(`\\b${n}\\b`, 'g'), identifiers })),
  )
}

function mentionsIn(clause: string, kinds: readonly NumberedNorm[], names: NormName[]) {
  const out: Mention[] = []
  for (const k of kinds) {
    const re = new RegExp(
      `\\b(?:${k.said.join('|')})\\s*(?:n\\s*|nro\\.?\\s*|numero\\s*)?(\\d{1,3}(?:\\.\\d{3})+|\\d{1,5})(?:-(\\d{4}|\\d{2}))?\\b`,
      'g',
    )
    for (const m of clause.matchAll(re)) {
      const year = m[2] ? fullYear(m[2]) : null
      // A norm numbered again each year is named with its year ('Decreto de Urgencia 026-2020'), else not at all.
      if (k.yearly && year === null) continue
      out.push({
        start: m.index,
        end: m.index + m[0].length,
        norm: { prefix: k.prefix, number: Number(m[1]!.replace(/\./g, '')), year },
      })
    }
  }
  for (const { name, re, identifiers } of names) {
    // Most clauses name no code: a substring test first spares the regular expression.
    if (!clause.includes(name)) continue
    for (const m of clause.matchAll(re))
      out.push({ start: m.index, end: m.index + m[0].length, norm: { identifiers } })
  }
  // Overlaps ('Ley General de Salud' in 'la Ley 26842, Ley General de Salud'): the first, longest.
  out.sort((a, b) => a.start - b.start || b.end - a.end)
  return out.filter((m, i) => i === 0 || m.start >= out[i - 1]!.end)
}

/** Between two groups of articles of one norm: 'y el', ', los'. */
const SAME_NORM = /^\s*(?:,|y|e)?\s*(?:el|los)?\s*$/

/**
 * The norm a group of articles ending at `end` is of: the one named next, close after it and before the next
 * group; for a regulation or a consolidated text, the norm named as approving it.
 */
function normAfter(clause: string, mentions: Mention[], end: number, nextGroup: number): Mention | undefined {
  let at = mentions.findIndex((m) => m.start >= end)
  const mention = mentions[at]
  if (!mention || mention.start - end > NEAR || mention.start > nextGroup) return undefined
  if (!APPROVED_TEXT.test(clause.slice(end, mention.start))) return mention
  at = mentions.findIndex((m, j) => j > at && APPROVED_BY.test(clause.slice(mentions[j - 1]!.end, m.start)))
  const approving = mentions[at]
  return approving && approving.start < nextGroup ? approving : undefined
}

/** The articles of other norms a text rewrites, in order of mention (see Amendment). */
export function amendmentsIn(
  text: string,
  kinds: readonly NumberedNorm[],
  names: NormName[] = lawNames(),
): Amendment[] {
  const out: Amendment[] = []
  for (const v of plain(text.replace(QUOTED, ' ')).matchAll(VERB)) {
    const clause = v[1]!
    const mentions = mentionsIn(clause, kinds, names)
    const found: Amendment[] = []
    const groups = [...clause.matchAll(ARTICLES)]
    // From the last group back: a group only a conjunction away from the next ('el artículo 1 y el artículo 2 de la
    // Ley…') is of the same norm.
    let next: Mention | undefined
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i]!
      const end = g.index + g[0].length
      const following = groups[i + 1]
      const mention =
        following && SAME_NORM.test(clause.slice(end, following.index))
          ? next
          : normAfter(clause, mentions, end, following?.index ?? Number.POSITIVE_INFINITY)
      next = mention
      if (!mention) continue
      const numbers = [...g[1]!.replace(PART_OF, ' ').matchAll(ARTICLE_NUMBER)].map((n) => {
        const suffix = n[2] ?? n[3] ?? n[4]
        return suffix ? `${Number(n[1])}-${suffix}` : String(Number(n[1]))
      })
      found.unshift(...numbers.map((article) => ({ norm: mention.norm, article })))
    }
    out.push(...found)
  }
  return out
}

/**
 * Read once: the pack's names and kinds do not change while the process runs (as document-aliases.ts reads them),
 * and a source item names its amending norms on every search that shows one.
 */
let packNames: NormName[] | undefined
function lawNames(): NormName[] {
  packNames ??= normNames()
  return packNames
}
let cachedKinds: readonly NumberedNorm[] | undefined
function packKinds(): readonly NumberedNorm[] {
  cachedKinds ??= loadPackManifest().numberedNorms
  return cachedKinds
}

/**
 * A numbered identifier's kind, number and year: 'LEY-26790-1997', 'LEY-ORGANICA-27972-2003', 'DS-005-2012-TR',
 * 'DU-034-98-1998' (the year also written short).
 */
const NUMBERED_ID = /^([A-Z]+)-(?:[A-Z]+-)*?(\d{1,5})-(?:\d{2}-)?(?:(\d{4})\b)?/

/**
 * Per amended article (its number, folded), who rewrote it: the amending norm's identifier, the label of its article
 * that did, and `differs`: the folder likely holds the text from before this rewrite. That is, the folder's text of
 * the article differs from what the rewrite says (most of its words are not in it), the rewrite is the article's
 * latest read here, and it is later than every amendment the article's notes date.
 */
type AmendmentMark = { by: string; article: string; differs: boolean }

type Doc = { id: number; identifier: string; date: string | null }
type Found = { by: string; article: string; text: string; year: number }

/** A document's year: its publication's, else its identifier's. */
const yearOf = (d: Doc) =>
  d.date ? Number(d.date.slice(0, 4)) : Number(/-(\d{4})(?:-[A-Z]+)*$/.exec(d.identifier)?.[1] ?? 0)

/** The folder's norms by what an amending text names: a numbered kind's number (and year, for yearly kinds). */
function documentsByNumber(docs: Doc[], kinds: readonly NumberedNorm[]) {
  const prefixes = new Set(kinds.map((k) => k.prefix))
  const yearly = new Set(kinds.filter((k) => k.yearly).map((k) => k.prefix))
  const key = (prefix: string, number: number, year: number | string | null) =>
    yearly.has(prefix) ? `${prefix}-${number}-${year ?? ''}` : `${prefix}-${number}`
  const byNumber = new Map<string, Doc[]>()
  for (const d of docs) {
    const m = NUMBERED_ID.exec(d.identifier)
    if (!m || !prefixes.has(m[1]!)) continue
    const k = key(m[1]!, Number(m[2]), m[3] ?? null)
    byNumber.set(k, [...(byNumber.get(k) ?? []), d])
  }
  const byIdentifier = new Map(docs.map((d) => [d.identifier, d]))
  return (norm: Amendment['norm']): Doc[] =>
    'identifiers' in norm
      ? norm.identifiers.flatMap((id) => byIdentifier.get(id) ?? [])
      : (byNumber.get(key(norm.prefix, norm.number, norm.year)) ?? [])
}

/**
 * How a person names an amending norm: a numbered one by its kind and number ('Ley 31469', 'Decreto de Urgencia
 * 026-2020'), which the folder's titles do not always hold ('Ley que modifica la Ley 27972…'); another by its title.
 */
export function amendingName(a: { identifier: string; title: string }): string {
  const m = NUMBERED_ID.exec(a.identifier)
  const kind = m && packKinds().find((k) => k.prefix === m[1])
  if (!m || !kind) return a.title
  const said = kind.said[0]!.replace(/\b[a-z]{3,}/g, (w) => w.charAt(0).toUpperCase() + w.slice(1))
  return `${said.charAt(0).toUpperCase()}${said.slice(1)} ${kind.yearly ? `${m[2]}-${m[3]}` : Number(m[2])}`
}

/** The latest year an article's notes date an amendment with ('…, publicada el 5 de mayo de 2020'); 0 when none. */
function latestDateIn(notes: string): number {
  return Math.max(0, ...[...notes.matchAll(/\bde\s+((?:19|20)\d{2})\b/g)].map((m) => Number(m[1])))
}

/** Words long enough to tell two texts apart ('trabajador', not 'de'). */
const longWords = (text: string) => new Set(plain(text).match(/[a-zñ]{5,}/g) ?? [])
/** Below this share of one text's words in the other, the folder's text is not the new one. */
const SAME_TEXT = 0.8

/** Where a new text's article opens, at a line's start: 'Artículo 10.- Derecho…', '“Artículo 10. DERECHO…'. */
const heading = (number: string) => new RegExp(`^\\W*articulo\\s+${number}\\s*[°º]?\\s*[.\\-–:]`, 'm')
const NEXT_HEADING = heading(String.raw`\d+(?:\s*-?\s*[a-z])?`)

/**
 * The new text the amending article gives the article numbered `article` (folded): from the line that opens it
 * to the next article's, one of several when it rewrites several; null when it writes none out.
 */
function newTextOf(amending: string, article: string): string | null {
  const [n, suffix] = article.split('-')
  const text = plain(amending)
  const start = heading(`${n}${suffix ? `\\s*-?\\s*${suffix}` : ''}`).exec(text)
  if (!start) return null
  const rest = text.slice(start.index + start[0].length)
  const next = NEXT_HEADING.exec(rest)
  return next ? rest.slice(0, next.index) : rest
}

/**
 * Whether the folder's text of an article is not what the amending article gives it: the new text it writes out for
 * that article when it does, compared both ways (a rewrite that adds to the old text holds all the old words); else
 * the old words looked for in the whole amending article.
 */
function differs(held: string, amending: string, article: string): boolean {
  const words = longWords(held)
  if (!words.size) return false
  const share = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length / a.size
  const written = newTextOf(amending, article)
  if (!written) return share(words, longWords(amending)) < SAME_TEXT
  const given = longWords(written)
  return share(words, given) < SAME_TEXT || (given.size > 0 && share(given, words) < SAME_TEXT)
}

/**
 * Marks the articles a later norm of the folder rewrites (metadata.amendedArticles of the amended norm: per article
 * number, AmendmentMark), unless the article's own notes already name the amending norm. A norm amends only one
 * published no later than itself; a mark whose amending norm left the folder is undone. Returns how many norms'
 * marks changed.
 */
export async function buildAmendments(db: Db): Promise<number> {
  const kinds = loadPackManifest().numberedNorms
  const docs = await queryRows<Doc>(
    db,
    sql`select id, identifier, publication_date::text as date from corpus_documents where kind = 'norma'`,
  )
  const targetsOf = documentsByNumber(docs, kinds)
  const byId = new Map(docs.map((d) => [d.id, d]))
  const passages = await queryRows<{ documentId: number; label: string; content: string }>(
    db,
    sql`select p.document_id as "documentId", p.label, p.content from corpus_passages p
        join corpus_documents d on d.id = p.document_id
        where d.kind = 'norma' and p.kind in ('articulo', 'disposicion') and p.duplicate_of is null
          and p.content ~* '(modif[ií]c|modif[ií]qu|sustit[uú]y)'`,
  )
  // amended document id → article number → amending article (identifier and label) → what it says
  const found = new Map<number, Map<string, Map<string, Found>>>()
  for (const p of passages) {
    const amending = byId.get(p.documentId)!
    for (const a of amendmentsIn(p.content, kinds)) {
      for (const target of targetsOf(a.norm)) {
        if (target.id === amending.id || yearOf(target) > yearOf(amending)) continue
        const articles = found.get(target.id) ?? new Map<string, Map<string, Found>>()
        const by = articles.get(a.article) ?? new Map<string, Found>()
        by.set(`${amending.identifier} ${p.label}`, {
          by: amending.identifier,
          article: p.label,
          text: p.content,
          year: yearOf(amending),
        })
        articles.set(a.article, by)
        found.set(target.id, articles)
      }
    }
  }
  // Only articles the amended norm holds, whose notes do not already name the amending norm (the folder's own
  // '(*) Artículo modificado por el Artículo 1 de la Ley N° 31469'). Those articles only, not a code's thousands.
  const wanted = [...found].flatMap(([id, articles]) =>
    [...articles.keys()].map((number) => ({ id, number })),
  )
  const held = await queryRows<{ documentId: number; number: string; notes: string; content: string }>(
    db,
    sql`select p.document_id as "documentId", w.number, p.notes::text as notes, p.content
        from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(id int, number text)
        join corpus_passages p on p.document_id = w.id and p.kind = 'articulo' and lower(p.number) = w.number`,
  )
  const heldAt = new Map(held.map((h) => [`${h.documentId} ${h.number}`, h]))
  const rows = [...found].flatMap(([id, articles]) => {
    const marks: Record<string, AmendmentMark[]> = {}
    for (const [article, by] of articles) {
      const own = heldAt.get(`${id} ${article}`)
      if (!own) continue
      const notes = plain(own.notes)
      const fresh = [...by.values()].filter((x) => {
        const number = NUMBERED_ID.exec(x.by)?.[2]
        return !number || !new RegExp(`\\b0*${Number(number)}\\b`).test(notes)
      })
      if (!fresh.length) continue
      // Only the latest rewrite can hold the text in force, and only when it is later than every amendment the
      // article's notes date: an older one's text differs from the folder's because the folder holds a newer one.
      const latest = Math.max(...fresh.map((x) => x.year))
      const newer = (x: Found) => x.year === latest && x.year > latestDateIn(notes)
      marks[article] = fresh
        .map((x) => ({
          by: x.by,
          article: x.article,
          differs: newer(x) && differs(own.content, x.text, article),
        }))
        .sort((a, b) => a.by.localeCompare(b.by) || a.article.localeCompare(b.article))
    }
    return Object.keys(marks).length ? [{ id, marks }] : []
  })
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await lockForTransaction(tx, LOCK_SCOPES.amendments, 'build')
    const undone = await queryRows<{ id: number }>(
      t,
      sql`update corpus_documents set metadata = metadata - 'amendedArticles'
          where metadata ? 'amendedArticles' and id <> all(${`{${rows.map((r) => r.id).join(',')}}`}::int[])
          returning id`,
    )
    const done = await queryRows<{ id: number }>(
      t,
      sql`update corpus_documents d set metadata = d.metadata || jsonb_build_object('amendedArticles', x.marks)
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, marks jsonb)
          where d.id = x.id and d.metadata->'amendedArticles' is distinct from x.marks
          returning d.id`,
    )
    await recordBuild(tx, AMENDMENTS_MARK, amendmentsSignature())
    return undone.length + done.length
  })
}

/** corpus_files' row (no file: corpus keys never start ':') recording how the amendments were read. */
const AMENDMENTS_MARK = ':amendments'
/** Bumped when the reading changes: a release that reads amendments otherwise marks the folder again at start. */
const AMENDMENTS_VERSION = 4

const amendmentsSignature = (): string =>
  createHash('sha256')
    .update(
      JSON.stringify({
        version: AMENDMENTS_VERSION,
        kinds: loadPackManifest().numberedNorms,
        names: loadLawNames(),
      }),
    )
    .digest('hex')
    .slice(0, 16)

/**
 * Reads the folder's amendments when this release reads them otherwise (or a database indexed before it read them):
 * how many norms' marks changed, 0 when nothing was to do. Ingestion's finish reads them after any change.
 */
export async function ensureAmendments(db: Db): Promise<number> {
  if (!(await needsBuild(db, AMENDMENTS_MARK, amendmentsSignature()))) return 0
  return buildAmendments(db)
}
