import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { loadLawNames } from '../pack/pack-data'
import { identifierMatches } from './candidates'

/**
 * One norm, one name on screen. The folder holds some norms in several files: the Código Civil in two halves
 * ('Código Civil', 'Código Civil Peruano (del artículo 1132 al 2122)'), a law under two identifiers ('LEY-27785-2002'
 * and 'LEY-ORGANICA-27785-2002'; 'LEY-32441-2025' and a copy dated 1825), each file titled its own way. The files of
 * one norm are those the pack names together (law-names.json) and those of one kind with one number; they show the
 * shortest title among theirs that says more than the kind and number, kept in `metadata.displayTitle` (search
 * reads it before the title). Only what is shown changes: each file keeps its own title for search.
 */

/**
 * The kind and number of a numbered norm's identifier, which one law keeps in every file of it (a file's year may
 * be its last update's), whatever words the file adds before or after the number ('LEY-ORGANICA-27785-2002',
 * 'LEY-29571-CODIGO-CONSUMIDOR-2010'), without leading zeros ('DLEG-052-1981' is the D. Leg. 52 citations name).
 * Decrees of urgency are numbered anew each year: theirs is the number and the year.
 */
export function normNumber(identifier: string): string | null {
  const m = /^(LEY|DLEG|DL|DU|RL)-(?:[A-Z]+-)*(\d{3,5})(?:-[A-Z0-9]+)*-(\d{4})$/.exec(identifier)
  if (!m) return null
  const n = Number(m[2])
  return m[1] === 'DU' ? `DU-${n}-${m[3]}` : `${m[1]}-${n}`
}

/** A title that names only the kind and number ('Ley N.° 32292'). */
const NUMBER_ONLY = /^(?:\p{L}+ ){0,3}\p{L}+ N\.?\s?[°º]\s?[\d-]+[A-Z-]*$/u

/** The title the files of one norm show: the shortest that says what it is. */
export function displayTitle(titles: readonly string[]): string | null {
  const said = titles.filter((t) => !NUMBER_ONLY.test(t.trim()))
  if (!said.length) return null
  return said.reduce((best, t) => (t.length < best.length ? t : best))
}

export async function buildDisplayTitles(db: Db): Promise<void> {
  const docs = await queryRows<{ id: number; identifier: string; title: string }>(
    db,
    sql`select id, identifier, title from corpus_documents where kind = 'norma'`,
  )
  // Union of the two ways files are one norm: the pack's groups and a shared kind and number.
  const parent = new Map<number, number>()
  const root = (id: number): number => {
    const p = parent.get(id) ?? id
    if (p === id) return id
    const r = root(p)
    parent.set(id, r)
    return r
  }
  const join = (ids: number[]) => {
    for (const id of ids.slice(1)) parent.set(root(id), root(ids[0]!))
  }
  for (const name of loadLawNames()) {
    const ids = docs.filter((d) => identifierMatches(d.identifier, name.identifiers)).map((d) => d.id)
    if (ids.length > 1) join(ids)
  }
  const byNumber = new Map<string, number[]>()
  for (const d of docs) {
    const n = normNumber(d.identifier)
    if (n) byNumber.set(n, [...(byNumber.get(n) ?? []), d.id])
  }
  for (const ids of byNumber.values()) if (ids.length > 1) join(ids)
  const groups = new Map<number, typeof docs>()
  for (const d of docs) groups.set(root(d.id), [...(groups.get(root(d.id)) ?? []), d])
  const shown: { id: number; title: string }[] = []
  for (const group of groups.values()) {
    if (group.length < 2 || new Set(group.map((d) => d.title)).size < 2) continue
    const title = displayTitle(group.map((d) => d.title))
    if (title) for (const d of group) shown.push({ id: d.id, title })
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update corpus_documents set metadata = metadata - 'displayTitle' where metadata ? 'displayTitle'`,
    )
    await tx.execute(sql`
      update corpus_documents d set metadata = d.metadata || jsonb_build_object('displayTitle', x.title)
      from jsonb_to_recordset(${JSON.stringify(shown)}::jsonb) as x(id int, title text) where d.id = x.id`)
  })
}
