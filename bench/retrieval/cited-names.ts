// npm run eval:cited-names [-- --list]
// What naming norms by their citations, and by their own naming clauses, would add (issue 15, item 2: names 'derived
// from … the norm's own "se denomina" or "en adelante" clauses, citations of it in other norms'). Over the whole folder's index (bench/results/eval-all: run `npm run eval:retrieval -- --all` first), it
// reads every norm's passages for a numbered citation followed by a name ('Ley N° 26702, Ley General del Sistema
// Financiero…'), keeps a name when at least two citing norms give it, and counts the cited norms of the folder that
// get one and how many of those names the norm's title and known names (the pack's popular names, its descriptor's)
// do not already hold; and the clauses in which a norm names itself ('la presente ley se denomina…', 'el presente
// decreto (en adelante, …)'). `--list` prints them. Reads the corpus and the pack only, never an evaluation question.
import { sql } from 'drizzle-orm'
import { loadPackManifest } from '../../src/server/corpus/pack/manifest'
import { loadLawNames, loadNormDescriptor } from '../../src/server/corpus/pack/pack-data'
import { identifierMatches } from '../../src/server/corpus/search/candidates'
import { fold } from '../../src/server/corpus/search/normalize'
import { queryRows } from '../../src/server/db/query'
import { evalIndexDir, openBuiltIndex } from './eval-index'

/** Citing norms that must agree on a name: one norm's wording, or its OCR, is not a name. */
const AGREEING = 2

// Kinds whose numbers restart each year are cited with their year: a number alone does not say which norm.
const kinds = loadPackManifest().numberedNorms.filter((k) => !k.yearly)
const citation = new RegExp(
  `\\b(?:${kinds.map((k) => `(${k.said.join('|')})`).join('|')})\\s*(?:n[°º.o]*\\s*)?(\\d{3,5})\\s*,\\s*([^,;.()"“”]{8,140})`,
  'g',
)
/** A name starts as a norm's does ('Ley de…', 'Decreto Legislativo que…'): not 'publicado el…', 'es causal de…'. */
const startsAsName = new RegExp(`^(?:${kinds.flatMap((k) => k.said).join('|')})\\b`)
/**
 * A norm naming itself: 'la presente ley se denomina «…»', '… podrá citarse como …', 'el presente decreto legislativo
 * (en adelante, …)'. Spanish, as the corpus is written; another country's pack would bring its own.
 */
const selfNaming =
  /(?:la presente|el presente|esta|este)\s+(?:ley|norma|decreto legislativo|decreto ley|decreto de urgencia|codigo)\s*,?\s*(?:(?:se denomina|se denominara|podra citarse|sera conocid[oa])\s+(?:como\s+)?([^.;:\n]{4,120})|\(\s*en adelante,?\s+([^)]{2,60})\))/g
/** A name ends where the citation goes on ('…, Ley de X y sus modificatorias', '…, Ley de X, aprobada por'). */
const tail = /\s+(?:y|e)\s+(?:sus?|normas?)\b.*$|\s+(?:y|e|o)$/

const database = await openBuiltIndex(evalIndexDir('all'))
const db = database.db
const norms = await queryRows<{ id: number; identifier: string; title: string }>(
  db,
  sql`select id, identifier, title from corpus_documents where kind = 'norma'`,
)
const passages = await queryRows<{ documentId: number; content: string }>(
  db,
  sql`select p.document_id as "documentId", p.content from corpus_passages p
      join corpus_documents d on d.id = p.document_id where d.kind = 'norma' and p.duplicate_of is null`,
)
await database.close()

/** 'LEY-26702' → the identifiers of the folder's files of that norm. */
const byNumber = new Map<string, string[]>()
for (const n of norms) {
  const m = /^([A-Z]+)-(\d+)-/.exec(n.identifier)
  if (!m || !kinds.some((k) => k.prefix === m[1])) continue
  const key = `${m[1]}-${Number(m[2])}`
  byNumber.set(key, [...(byNumber.get(key) ?? []), n.identifier])
}
/** Cited norm → name → the norms that cite it by that name. */
const cited = new Map<string, Map<string, Set<number>>>()
const identifierOf = new Map(norms.map((n) => [n.id, n.identifier]))
const selfNamed: string[] = []
// Lower case without accents, as the pack's patterns are written; the commas that end a citation kept.
for (const p of passages) {
  const text = p.content
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  for (const m of text.matchAll(selfNaming))
    selfNamed.push(`${identifierOf.get(p.documentId)}: «${fold(m[1] ?? m[2] ?? '')}»`)
  for (const m of text.matchAll(citation)) {
    const kind = kinds.findIndex((_, i) => m[i + 1] !== undefined)
    const key = `${kinds[kind]!.prefix}-${Number(m[kinds.length + 1])}`
    const name = fold(m[kinds.length + 2]!).replace(tail, '')
    if (name.split(' ').length < 3 || !startsAsName.test(name)) continue
    const names = cited.get(key) ?? new Map<string, Set<number>>()
    const by = names.get(name) ?? new Set<number>()
    by.add(p.documentId)
    names.set(name, by)
    cited.set(key, names)
  }
}

const lawNames = loadLawNames()
const titleOf = new Map(norms.map((n) => [n.identifier, fold(n.title)]))
let named = 0
const added: string[] = []
for (const [key, names] of cited) {
  const identifiers = byNumber.get(key)
  if (!identifiers) continue
  const agreed = [...names].filter(([, by]) => by.size >= AGREEING).sort((a, b) => b[1].size - a[1].size)
  if (!agreed.length) continue
  named++
  const known = identifiers.flatMap((id) => [
    titleOf.get(id) ?? '',
    ...lawNames.filter((n) => identifierMatches(id, n.identifiers)).flatMap((n) => n.names.map(fold)),
    ...(loadNormDescriptor(id)?.names ?? []).map(fold),
  ])
  for (const [name, by] of agreed)
    if (!known.some((k) => k.includes(name) || name.includes(k)))
      added.push(
        `${identifiers.join(' / ')}: «${name}» (${by.size} normas) · título: «${titleOf.get(identifiers[0]!)}»`,
      )
}
console.log(
  `${named} normas de la carpeta citadas con un nombre por al menos ${AGREEING} normas; nombres que su título y sus nombres conocidos no tienen: ${added.length}`,
)
if (process.argv.includes('--list')) for (const line of added) console.log(`  ${line}`)
console.log(`Cláusulas en que una norma se nombra a sí misma: ${selfNamed.length}`)
if (process.argv.includes('--list')) for (const line of selfNamed) console.log(`  ${line}`)
