// npm run eval:rulings -- [--verbose] [--fresh]
// The rulings the research agent attaches (extractive, builtin 'general' agent) to each question of
// rulings-labelled.json, scored by rulings-concern.ts, over the demo index (which holds every ruling record).
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { resolveCorpusDir } from '../../src/server/corpus/corpus-dir'
import { ingestCorpus } from '../../src/server/corpus/ingest'
import { parseRulingMetadata } from '../../src/server/corpus/parse-ruling-metadata'
import { progressReporter } from '../../src/server/corpus/progress'
import { ensureNormTerms } from '../../src/server/corpus/search/norm-terms'
import { openDatabase } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { queryRows } from '../../src/server/db/query'
import { projectRoot } from '../../src/server/lib/project-root'
import { createResearchAgent } from '../../src/server/research/research-agent'
import { researchScope } from '../../src/server/research/scopes'
import { createLogger } from '../../src/shared/logger'
import {
  type AttachedRuling,
  formatRulingsSummary,
  loadRulingsLabelled,
  type RulingsConcernCounts,
  scoreRulings,
  summarizeRulings,
} from './rulings-concern'

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')

const corpusDir = resolveCorpusDir(process.env.CORPUS_DIR)
if (!corpusDir) {
  console.error('No se encontró el corpus (CORPUS_DIR o ../shared/corpus).')
  process.exit(1)
}
const rulingsDir = path.join(corpusDir, 'pj-jurisprudencia')

// The same index as eval:retrieval's demo run: kept between runs, ingestion skips unchanged files.
const dataDir = path.join(projectRoot(), 'bench', 'results', 'eval-demo')
if (args.includes('--fresh')) rmSync(dataDir, { recursive: true, force: true })
mkdirSync(dataDir, { recursive: true })
const database = await openDatabase({ dataDir, sharedBuffers: '64MB' })
await migrate(database)
const db = database.db
const ingested = await ingestCorpus(db, {
  corpusDir,
  selection: { kind: 'demo' },
  onProgress: progressReporter(),
})
await ensureNormTerms(db)
console.log(`Índice (demo): ${ingested.ingested} archivos ingeridos, ${ingested.skipped} sin cambios`)

// A ruling document's title is its record's case number ('Recurso de Nulidad 93-2026/Lima'): unique per record
// where nroexp is not, so it leads from the document an answer cites back to the record's uuid and nroexp.
const raw = JSON.parse(readFileSync(path.join(rulingsDir, 'metadata.json'), 'utf8')) as {
  uuid?: string
  fields?: { nroexp?: string | number }
}[]
const pdfNames = readdirSync(path.join(rulingsDir, 'pdf'))
const byTitle = new Map<string, AttachedRuling>()
for (const item of raw) {
  const [record] = parseRulingMetadata([item], pdfNames).records
  if (!record) continue
  if (byTitle.has(record.caseNumber)) console.warn(`Número de caso repetido: ${record.caseNumber}`)
  byTitle.set(record.caseNumber, { nroexp: String(item.fields?.nroexp ?? ''), uuid: item.uuid ?? null })
}
const docs = await queryRows<{ identifier: string; title: string; real: boolean }>(
  db,
  sql`select identifier, title, file_name <> 'metadata.json' as real from corpus_documents where kind = 'sentencia'`,
)
const byIdentifier = new Map(docs.map((d) => [d.identifier, byTitle.get(d.title)]))
const unmatched = docs.filter((d) => !byIdentifier.get(d.identifier))
console.log(
  `Sentencias en el índice: ${docs.length} (${docs.filter((d) => d.real).length} con PDF) de ${raw.length} registros` +
    (unmatched.length ? `; sin registro: ${unmatched.map((d) => d.identifier).join(', ')}` : ''),
)

const agent = createResearchAgent({ db, logger: createLogger({ level: 'ERROR', sinks: [] }), llm: null })
const scope = researchScope('general')!
const items = loadRulingsLabelled()
const counts: RulingsConcernCounts[] = []
const started = Date.now()
for (const item of items) {
  const answer = await agent.run(scope, {
    agent: { id: 'general', name: 'Lexia General', url: 'builtin:general', credits: 1 },
    sessionId: 'eval-rulings',
    historyId: 0,
    userId: 'eval',
    userInput: item.question,
    countryCode: 'PE',
    signal: new AbortController().signal,
    onPartial: () => {},
  })
  const attached = answer.contextSentencias.map(
    (s) => byIdentifier.get(s.identifier) ?? { nroexp: s.identifier, uuid: null },
  )
  const c = scoreRulings(item, attached)
  counts.push(c)
  if (verbose && (c.labelledNot || c.unlabelled || c.concern < c.concernTotal)) {
    const names = answer.contextSentencias.map((s, i) => {
      const r = attached[i]!
      const mark = scoreRulings(item, [r]).concern ? '✓' : '✗'
      return `${mark} ${s.title}`
    })
    console.log(
      `${item.id}: ${c.concern}/${c.attached} (pertinentes: ${c.concernTotal}) ${names.join(' · ')}`,
    )
  }
}
console.log(formatRulingsSummary(summarizeRulings(counts)))
console.log(`${items.length} preguntas en ${((Date.now() - started) / 1000).toFixed(1)} s`)
await database.close()
