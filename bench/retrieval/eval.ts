// npm run eval:retrieval -- [--all] [--split tune|holdout|fresh|judge|wide] [--verbose] [--fresh] [--sealed]
// Retrieval quality of our engine and, side by side over the same passages, of MiniSearch (BM25).
import { sql } from 'drizzle-orm'
import MiniSearch from 'minisearch'
import { fold } from '../../src/server/corpus/search/normalize'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { queryRows } from '../../src/server/db/query'
import { openEvalIndex, WIDE_SPLITS } from './eval-index'
import { answerKeys, loadQuestions, passageKey, UNSEEN_SPLITS } from './questions'

const args = process.argv.slice(2)
const all = args.includes('--all')
const splitArg = args.includes('--split') ? args[args.indexOf('--split') + 1] : undefined
const verbose = args.includes('--verbose')

const questions = loadQuestions({ sealed: args.includes('--sealed') }).filter(
  (q) => (!splitArg || q.split === splitArg) && (all || !WIDE_SPLITS.has(q.split)),
)

const { database, scope } = await openEvalIndex(args)
const db = database.db

type PassageRow = { id: number; key: string; duplicate: boolean; text: string }
const passages = await queryRows<PassageRow>(
  db,
  sql`select p.id, d.identifier || '#' || coalesce(p.number, '') as key, p.duplicate_of is not null as duplicate,
        d.title || ' ' || p.label || ' ' || coalesce(p.heading, '') || ' ' || p.content as text
      from corpus_passages p join corpus_documents d on d.id = p.document_id`,
)
const wantedBy = await answerKeys(db)

const mini = new MiniSearch<{ id: number; key: string; text: string }>({
  fields: ['text'],
  storeFields: ['key'],
  processTerm: (term) => fold(term) || null,
})
mini.addAll(passages.filter((p) => !p.duplicate).map((p) => ({ id: p.id, key: p.key, text: p.text })))

type Scores = { r1: number; r5: number; r10: number; mrr: number; n: number }
const empty = (): Scores => ({ r1: 0, r5: 0, r10: 0, mrr: 0, n: 0 })
function score(s: Scores, rank: number | null) {
  s.n++
  if (rank === null) return
  if (rank < 1) s.r1++
  if (rank < 5) s.r5++
  if (rank < 10) s.r10++
  s.mrr += 1 / (rank + 1)
}

const ours = empty()
const theirs = empty()
const byStyle = new Map<string, Scores>()
const bySplit = new Map<string, Scores>()
const miniBySplit = new Map<string, Scores>()
const misses: string[] = []
const latencies: number[] = []
for (const q of questions) {
  const wanted = wantedBy(q)
  const t0 = performance.now()
  const hits = await searchCorpus(db, { q: q.question, limit: 10 })
  latencies.push(performance.now() - t0)
  const rank = hits.findIndex((h) => wanted.has(passageKey(h)))
  score(ours, rank < 0 ? null : rank)
  const styleScores = byStyle.get(q.style) ?? empty()
  score(styleScores, rank < 0 ? null : rank)
  byStyle.set(q.style, styleScores)
  const splitScores = bySplit.get(q.split ?? '-') ?? empty()
  score(splitScores, rank < 0 ? null : rank)
  bySplit.set(q.split ?? '-', splitScores)
  // The unseen parts are never looked into: their misses are counted, not listed.
  if ((rank < 0 || rank >= 5) && !UNSEEN_SPLITS.has(q.split))
    misses.push(
      `${q.id} [${q.style}] ${q.question}\n    esperado: ${[...q.answers].map((a) => `${a.identifier} art. ${a.article}`).join(' | ')}\n    obtenido: ${hits
        .slice(0, 3)
        .map((h) => `${h.identifier} ${h.label}`)
        .join(' | ')}`,
    )
  const miniHits = mini.search(q.question).slice(0, 10)
  const miniRank = miniHits.findIndex((h) => wanted.has(h.key as string))
  score(theirs, miniRank < 0 ? null : miniRank)
  const miniSplit = miniBySplit.get(q.split) ?? empty()
  score(miniSplit, miniRank < 0 ? null : miniRank)
  miniBySplit.set(q.split, miniSplit)
}

const row = (name: string, s: Scores) =>
  `${name.padEnd(22)} ${(s.r1 / s.n).toFixed(3).padStart(9)} ${(s.r5 / s.n).toFixed(3).padStart(9)} ${(s.r10 / s.n).toFixed(3).padStart(9)} ${(s.mrr / s.n).toFixed(3).padStart(7)}`
console.log(
  `\n${questions.length} preguntas (${splitArg ?? 'todas'}), corpus ${scope}, ${passages.length} pasajes`,
)
console.log(
  `${'motor'.padEnd(22)} ${'recall@1'.padStart(9)} ${'recall@5'.padStart(9)} ${'recall@10'.padStart(9)} ${'MRR'.padStart(7)}`,
)
console.log(row('Lexia', ours))
console.log(row('MiniSearch (BM25)', theirs))
if (bySplit.size > 1) {
  console.log(
    '\nLexia por parte (tune: se ajusta con ella; holdout y fresh: solo se miden; judge, wide y sealed: ni se miran):',
  )
  for (const [part, s] of [...bySplit].sort().reverse()) console.log(row(`  ${part} (${s.n})`, s))
  console.log('\nMiniSearch por parte, sobre los mismos pasajes:')
  for (const [part, s] of [...miniBySplit].sort().reverse()) console.log(row(`  ${part} (${s.n})`, s))
}
console.log('\nLexia por estilo:')
for (const [style, s] of [...byStyle].sort()) console.log(row(`  ${style} (${s.n})`, s))
latencies.sort((a, b) => a - b)
console.log(
  `\nLatencia de búsqueda en esta evaluación (una pasada, banderas de node: ${process.execArgv.join(' ') || 'ninguna'}; la del servidor: npm run eval:latency): p50 ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]?.toFixed(1)} ms`,
)
if (verbose) console.log(`\nFuera del top 5 (${misses.length}):\n${misses.join('\n')}`)
await database.close()
