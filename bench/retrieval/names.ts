// npm run eval:names [-- --every N | --cited] [--list]
// Is every norm found by what names it (issue 15, item 2)? For norms of the whole folder's index (the eval's,
// bench/results/eval-all: run `npm run eval:retrieval -- --all` first), every N-th by identifier (7 by default; 1
// for all), it asks search for the norm by its number in the usual ways people write it ('ley 29783',
// 'ley n° 29783', 'd. leg. 728'), by its title (without the number a title may open with) and by each of its names
// (the norm descriptor's and the pack's popular names; apart, those other norms agree on when they cite it), and
// counts how often that norm's articles come first and in the top five. Every query is made from the corpus and the
// pack, none from an evaluation question; `--list` prints the misses.
import { sql } from 'drizzle-orm'
import { loadLawNames } from '../../src/server/corpus/pack/pack-data'
import { identifierMatches } from '../../src/server/corpus/search/candidates'
import { normNumber } from '../../src/server/corpus/search/display-titles'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { queryRows } from '../../src/server/db/query'
import { evalIndexDir, openBuiltIndex } from './eval-index'

const args = process.argv.slice(2)
const every = Number(args[args.indexOf('--every') + 1]) || 7
const list = args.includes('--list')
const database = await openBuiltIndex(evalIndexDir('all'))
const db = database.db

/** How people write a numbered norm's kind before its number (the identifier's prefix). */
const SAID: Record<string, string[]> = {
  LEY: ['ley {n}', 'ley n° {n}', 'ley nº {n}'],
  DLEG: ['decreto legislativo {n}', 'd. leg. {n}', 'dleg {n}'],
  DL: ['decreto ley {n}', 'decreto ley n° {n}'],
  DU: ['decreto de urgencia {n}', 'du {n}'],
}

const norms = await queryRows<{
  identifier: string
  title: string
  names: string[] | null
  citedAs: string[] | null
}>(
  db,
  sql`select d.identifier, d.title, d.metadata->'names' as names, d.metadata->'citedAs' as "citedAs"
      from corpus_documents d
      where d.kind = 'norma' and exists (select 1 from corpus_passages p where p.document_id = d.id
        and p.kind = 'articulo' and p.duplicate_of is null)
      order by d.identifier`,
)
const lawNames = loadLawNames()

/** The norm's number as people write it: 29783 for LEY-29783-2011, 044-2019 for DU-044-2019. */
function numbered(identifier: string): { kind: string; number: string } | null {
  const m = /^(LEY|DLEG|DL|DU)-(?:[A-Z]+-)?(\d{1,5})-(\d{4})$/.exec(identifier)
  if (!m) return null
  return { kind: m[1]!, number: m[1] === 'DU' ? `${m[2]}-${m[3]}` : m[2]! }
}

/** The same norm: its identifier, or a file of it with the same kind and number ('LEY-ORGANICA-27972-2003'). */
function sameNorm(hit: string, identifier: string): boolean {
  const number = normNumber(identifier)
  return hit === identifier || (number !== null && normNumber(hit) === number)
}

type Tally = { n: number; first: number; top5: number; misses: string[] }
const tallies = new Map<string, Tally>()
async function ask(form: string, identifier: string, q: string) {
  const t = tallies.get(form) ?? { n: 0, first: 0, top5: 0, misses: [] }
  tallies.set(form, t)
  const hits = await searchCorpus(db, { q, type: 'norma', limit: 5 })
  const at = hits.findIndex((h) => sameNorm(h.identifier, identifier))
  t.n++
  if (at === 0) t.first++
  if (at >= 0) t.top5++
  else t.misses.push(`${identifier} · ${q} → ${hits[0]?.identifier ?? '-'}`)
}

// --cited: every norm that other norms' citations name (names-from-citations.ts), instead of every N-th.
const chosen = args.includes('--cited')
  ? norms.filter((n) => Array.isArray(n.citedAs) && n.citedAs.length)
  : norms.filter((_, i) => i % every === 0)
for (const norm of chosen) {
  const num = numbered(norm.identifier)
  if (num)
    for (const said of SAID[num.kind] ?? [])
      await ask('número', norm.identifier, said.replace('{n}', num.number))
  // A title that opens with the kind and number ('Ley N.° 32292, Ley que…') is asked for without them.
  const title = norm.title.replace(/^[^,]*N\.?\s?[°º]\s?[\d-]+[A-Z-]*,\s*/u, '')
  if (!/N\.?\s?[°º]\s?[\d-]+[A-Z-]*$/u.test(title)) await ask('título', norm.identifier, title)
  const names = new Set([
    ...(Array.isArray(norm.names) ? norm.names : []),
    ...lawNames.filter((l) => identifierMatches(norm.identifier, l.identifiers)).flatMap((l) => l.names),
  ])
  for (const name of names) if (!/\d/.test(name)) await ask('nombre', norm.identifier, name)
  // The names other norms agree on when they cite it (names-from-citations.ts), apart: they are the newest source.
  for (const name of Array.isArray(norm.citedAs) ? norm.citedAs : [])
    await ask('nombre por citas', norm.identifier, name)
}
await database.close()

const pct = (x: number, n: number) => (n ? (x / n).toFixed(3) : '-')
const which = args.includes('--cited') ? 'las que nombran las citas de otras normas' : `una de cada ${every}`
console.log(`${chosen.length} normas con artículos (${which}), índice de toda la carpeta`)
console.log(`${'forma'.padEnd(16)} ${'consultas'.padStart(9)} ${'1ª'.padStart(6)} ${'top 5'.padStart(6)}`)
for (const [form, t] of tallies)
  console.log(
    `${form.padEnd(16)} ${String(t.n).padStart(9)} ${pct(t.first, t.n).padStart(6)} ${pct(t.top5, t.n).padStart(6)}`,
  )
if (list) for (const [form, t] of tallies) for (const m of t.misses) console.log(`  ${form}: ${m}`)
