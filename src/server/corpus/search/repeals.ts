import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { PARTLY_REPEALED, REPEALED } from '../../../shared/norm-status'
import { LOCK_SCOPES, lockForTransaction } from '../../db/advisory-lock'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { loadPackManifest, type NumberedNorm } from '../pack/manifest'
import { needsBuild, recordBuild } from './build-marks'
import { BARE, fullYear, IDENTIFIER, kindPatterns, plain } from './norm-mentions'
import { vocabularyChanged } from './vocabulary'

/**
 * Norms of the folder that a later norm of the folder repeals. The corpus' front matter says every norm is in force,
 * yet the folder holds both the Ley de los Trabajadores del Hogar of 2003 and the law of 2020 whose derogating
 * disposition says 'Derógase la Ley 27986': a person asking about domestic work must read the law in force, and
 * see the old one, when search shows it at all, marked 'Derogada'. Read from the repealing norm's own words, as a
 * lawyer reads them: a whole numbered norm named after the verb; not 'el artículo 13 de la Ley…', which repeals a
 * part; 'con excepción de los artículos 1 y 3' makes it partial.
 */
export type Repeal = {
  /** The repealed norm's identifier prefix (pack.json numberedNorms: LEY, DLEG…), its number and, if written, its year. */
  prefix: string
  number: number
  year: number | null
  /** Some of its provisions stay ('con excepción de…', 'salvo…'). */
  partial: boolean
}

/**
 * The verb that repeals, and the sentence after it (up to its end or a line's): 'Derógase…', 'Queda derogada…',
 * 'Déjase (or Déjese) sin efecto…', and as laws are drafted since about 2019, 'Se deroga…', 'Se derogan…', 'Se deja
 * sin efecto…' ('Se deroga la Ley 26574, Ley de Nacionalidad…').
 */
const VERB =
  /(?:\bderog(?:a|ue)n?se|\bse derogan?|\bqueda(?:n)? derogad[oa]s?|\bdej[ae]n?se sin efecto|\bse dejan? sin efecto)\s+([^\n]{0,600}?)(?:\.(?=\s|$)|\n|$)/g
/** An item that names a part of a norm, not the whole: it and its appositives are passed over. */
const PART =
  /^(?:(?:el|la|los|las)\s+)?(?:articulos?|numeral(?:es)?|incisos?|literal(?:es)?|parrafos?|capitulos?|titulos?|secciones?|seccion|disposicion(?:es)?|primer[ao]?|segund[ao]|tercer[ao]?|cuart[ao]|quint[ao]|sext[ao]|septim[ao]|octav[ao]|noven[ao]|decim[ao]|unic[ao]|ultim[ao]|partes?|anexos?)\b/
const EXCEPT = /\b(?:con excepcion|a excepcion|excepto|salvo)\b/
/** 'las normas que se opongan a la presente Ley', 'las demás disposiciones contrarias': the repeal in general. */
const GENERAL = /\bque (?:se )?(?:opong|contraveng|contrapong)|\bcontrari[ao]s?\b/
/** 'el Decreto Legislativo 822 en la parte que se oponga a la presente Ley': a tacit repeal, not of the norm. */
const TACIT = /\ben (?:la parte|lo|todo lo|cuanto) (?:que )?(?:se )?opong/

/** The whole numbered norms a text repeals, in order of mention (see Repeal). */
export function repealsIn(text: string, kinds: readonly NumberedNorm[]): Repeal[] {
  const patterns = kindPatterns(kinds)
  const yearly = new Set(kinds.filter((k) => k.yearly).map((k) => k.prefix))
  const out: Repeal[] = []
  for (const m of plain(text).matchAll(VERB)) {
    const items = m[1]!.split(/\s*[,;]\s*|\s+y\s+|\s+e\s+/)
    // What the previous item was: a whole norm, a part of one (whose appositives name its norm: not repealed whole).
    let previous: 'start' | 'norm' | 'part' | 'other' = 'start'
    let prefix: string | null = null
    // The last norm this sentence repeals, which a later 'con excepción de…' or 'en lo que se oponga' qualifies.
    let last: Repeal | null = null
    for (const raw of items) {
      const item = raw.trim().replace(/^[ye]\s+/, '')
      if (PART.test(item)) {
        previous = 'part'
        last = null
        continue
      }
      let found: { prefix: string; number: string; year?: string; rest: string } | null = null
      for (const p of patterns) {
        const n = p.re.exec(item)
        // An appositive without an article ('…de la Ley de Formalización, Ley 27651') names the part's norm again.
        if (n && (n[1] || previous !== 'part')) {
          found = { prefix: p.prefix, number: n[2]!, year: n[3], rest: item.slice(n[0].length) }
          break
        }
      }
      if (!found && previous === 'norm' && prefix) {
        const n = BARE.exec(item)
        if (n) found = { prefix, number: n[1]!, year: n[2], rest: item.slice(n[0].length) }
      }
      if (found) {
        prefix = found.prefix
        previous = 'norm'
        last = null
        const year = found.year ? fullYear(found.year) : null
        if (TACIT.test(found.rest) || (yearly.has(found.prefix) && year === null)) continue
        last = { prefix: found.prefix, number: Number(found.number.replace(/\./g, '')), year, partial: false }
        out.push(last)
        // The numbers after 'con excepción de sus artículos' are articles, not more norms of a list.
        if (EXCEPT.test(found.rest)) {
          last.partial = true
          previous = 'other'
        }
        continue
      }
      // 'y las normas que se opongan…, con excepción de…': the general clause ends what the sentence repeals by name;
      // what follows qualifies it (or is a scanned page's debris run into it).
      if (GENERAL.test(item)) break
      if (last && EXCEPT.test(item)) last.partial = true
      if (last && TACIT.test(item)) {
        out.splice(out.indexOf(last), 1)
        last = null
      }
      if (previous !== 'part') previous = 'other'
    }
  }
  return out
}

/**
 * Marks the norms a later norm of the folder repeals (status REPEALED or PARTLY_REPEALED, metadata.repealedBy the
 * repealing norms' identifiers): a norm the front matter calls in force only (another status is the corpus' own
 * word), published no later than the norm that repeals it. A mark whose repealing norm left the folder is undone.
 * Rulings and unnumbered norms are left as they are. Returns how many norms' marks changed.
 */
export async function buildRepeals(db: Db): Promise<number> {
  const kinds = loadPackManifest().numberedNorms
  const prefixes = new Set(kinds.map((k) => k.prefix))
  const docs = await queryRows<{
    id: number
    identifier: string
    date: string | null
    status: string | null
  }>(
    db,
    sql`select id, identifier, publication_date::text as date, status from corpus_documents where kind = 'norma'`,
  )
  const byNumber = new Map<string, typeof docs>()
  const yearOf = (d: { identifier: string; date: string | null }) =>
    d.date ? Number(d.date.slice(0, 4)) : Number(IDENTIFIER.exec(d.identifier)?.[3] ?? 0)
  for (const d of docs) {
    const m = IDENTIFIER.exec(d.identifier)
    if (!m || !prefixes.has(m[1]!)) continue
    const key = `${m[1]}-${Number(m[2])}`
    byNumber.set(key, [...(byNumber.get(key) ?? []), d])
  }
  const byId = new Map(docs.map((d) => [d.id, d]))
  const passages = await queryRows<{ documentId: number; content: string }>(
    db,
    sql`select p.document_id as "documentId", p.content from corpus_passages p
        join corpus_documents d on d.id = p.document_id
        where d.kind = 'norma' and p.kind in ('articulo', 'disposicion')
          and p.content ~* '(der[oóÓ]g|sin efecto)'`,
  )
  const marks = new Map<number, { by: Set<string>; partial: boolean }>()
  for (const p of passages) {
    const repealing = byId.get(p.documentId)!
    const own = IDENTIFIER.exec(repealing.identifier)
    for (const r of repealsIn(p.content, kinds)) {
      if (own && own[1] === r.prefix && Number(own[2]) === r.number) continue
      for (const target of byNumber.get(`${r.prefix}-${r.number}`) ?? []) {
        // A year written ('Decreto de Urgencia 071-2001') must be the norm's; a repeal never reaches a later norm.
        if (r.year !== null && Number(IDENTIFIER.exec(target.identifier)?.[3]) !== r.year) continue
        if (yearOf(target) > yearOf(repealing) || target.id === repealing.id) continue
        const mark = marks.get(target.id) ?? { by: new Set<string>(), partial: true }
        mark.by.add(repealing.identifier)
        // Repealed whole by any norm is repealed whole.
        mark.partial &&= r.partial
        marks.set(target.id, mark)
      }
    }
  }
  const rows = [...marks].flatMap(([id, m]) => {
    const status = byId.get(id)?.status
    if (status && status !== 'in_force' && status !== REPEALED && status !== PARTLY_REPEALED) return []
    return [{ id, status: m.partial ? PARTLY_REPEALED : REPEALED, by: [...m.by].sort() }]
  })
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    // Instances finishing together on one PostgreSQL take turns, as with the other derived indexes.
    await lockForTransaction(tx, LOCK_SCOPES.repeals, 'build')
    // Undo the marks of a previous build (statuses this pass wrote are the only ones with repealedBy), then mark.
    const undone = await queryRows<{ id: number }>(
      t,
      sql`update corpus_documents set status = 'in_force', metadata = metadata - 'repealedBy'
          where kind = 'norma' and metadata ? 'repealedBy'
            and id <> all(${`{${rows.map((r) => r.id).join(',')}}`}::int[])
          returning id`,
    )
    const done = await queryRows<{ id: number }>(
      t,
      sql`update corpus_documents d
          set status = x.status, metadata = d.metadata || jsonb_build_object('repealedBy', x.by)
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, status text, by jsonb)
          where d.id = x.id and (d.status is distinct from x.status or d.metadata->'repealedBy' is distinct from x.by)
          returning d.id`,
    )
    await recordBuild(tx, REPEALS_MARK, repealsSignature())
    return undone.length + done.length
  })
}

/** corpus_files' row (no file: corpus keys never start ':') recording how the marks were read. */
const REPEALS_MARK = ':repeals'
/** Bumped when the reading changes: a release that reads repeals otherwise marks the folder again at start. */
const REPEALS_VERSION = 4

const repealsSignature = (): string =>
  createHash('sha256')
    .update(JSON.stringify({ version: REPEALS_VERSION, kinds: loadPackManifest().numberedNorms }))
    .digest('hex')
    .slice(0, 16)

/**
 * Reads the folder's repeals when this release reads them otherwise (or a database indexed before it read them):
 * how many norms' marks changed, 0 when nothing was to do. Ingestion's finish reads them after any change.
 */
export async function ensureRepeals(db: Db): Promise<number> {
  if (!(await needsBuild(db, REPEALS_MARK, repealsSignature()))) return 0
  const changed = await buildRepeals(db)
  if (changed) vocabularyChanged()
  return changed
}
