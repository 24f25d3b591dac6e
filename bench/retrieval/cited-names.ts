// npm run eval:cited-names [-- --list]
// What naming norms by their citations, and by their own naming clauses, gives (issue 15, item 2: names 'derived
// from … the norm's own "se denomina" or "en adelante" clauses, citations of it in other norms'). Over the whole
// folder's index (bench/results/eval-all: run `npm run eval:retrieval -- --all` first): the citations with a name
// that ingestion read (parse/cited-names.ts), the names the norm-level index kept from them
// (search/names-from-citations.ts: two citing norms agree, no other norm holds the name, the cited norm's own words),
// and the clauses in which a norm names itself ('la presente ley se denomina…', 'el presente decreto (en adelante,
// …)'). `--list` prints the names kept and the clauses. Reads the corpus and the pack only, never an evaluation
// question.
import { sql } from 'drizzle-orm'
import type { CitedName } from '../../src/server/corpus/parse/cited-names'
import { fold } from '../../src/server/corpus/search/normalize'
import { queryRows } from '../../src/server/db/query'
import { evalIndexDir, openBuiltIndex } from './eval-index'

/**
 * A norm naming itself: 'la presente ley se denomina «…»', '… podrá citarse como …', 'el presente decreto legislativo
 * (en adelante, …)'. Spanish, as the corpus is written; another country's pack would bring its own.
 */
const selfNaming =
  /(?:la presente|el presente|esta|este)\s+(?:ley|norma|decreto legislativo|decreto ley|decreto de urgencia|codigo)\s*,?\s*(?:(?:se denomina|se denominara|podra citarse|sera conocid[oa])\s+(?:como\s+)?([^.;:\n]{4,120})|\(\s*en adelante,?\s+([^)]{2,60})\))/g

const database = await openBuiltIndex(evalIndexDir('all'))
const db = database.db
const norms = await queryRows<{
  id: number
  identifier: string
  title: string
  cites: CitedName[] | null
  citedAs: string[] | null
}>(
  db,
  sql`select id, identifier, title, metadata->'citedNames' as cites, metadata->'citedAs' as "citedAs"
      from corpus_documents where kind = 'norma' order by identifier`,
)
const passages = await queryRows<{ documentId: number; content: string }>(
  db,
  sql`select p.document_id as "documentId", p.content from corpus_passages p
      join corpus_documents d on d.id = p.document_id where d.kind = 'norma' and p.duplicate_of is null`,
)
await database.close()

const identifierOf = new Map(norms.map((n) => [n.id, n.identifier]))
const selfNamed: string[] = []
for (const p of passages) {
  const text = p.content
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  for (const m of text.matchAll(selfNaming))
    selfNamed.push(`${identifierOf.get(p.documentId)}: «${fold(m[1] ?? m[2] ?? '')}»`)
}

const read = norms.flatMap((n) => (Array.isArray(n.cites) ? n.cites : []))
const named = norms.filter((n) => Array.isArray(n.citedAs) && n.citedAs.length)
console.log(
  `Citas con nombre leídas al ingerir: ${read.length} (${new Set(read.map((c) => c.cited)).size} normas citadas)`,
)
console.log(
  `Normas con nombres que les dan sus citas (y su título y nombres conocidos no tenían): ${named.length}, ` +
    `${named.reduce((sum, n) => sum + n.citedAs!.length, 0)} nombres`,
)
if (process.argv.includes('--list'))
  for (const n of named)
    console.log(`  ${n.identifier}: ${n.citedAs!.map((c) => `«${c}»`).join(', ')} · título: «${n.title}»`)
console.log(`Cláusulas en que una norma se nombra a sí misma: ${selfNamed.length}`)
if (process.argv.includes('--list')) for (const line of selfNamed) console.log(`  ${line}`)
