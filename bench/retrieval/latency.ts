// npm run eval:latency [-- --demo] [rounds]
// Search latency over the index the eval built (bench/results/eval-all, or eval-demo with --demo): rounds of 200
// different queries (the evaluation questions, then again without accents, as people type them), each round's p50
// and p95, and the median round. Only timings: no question's result is read. Run `npm run eval:retrieval` first.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { openDatabase } from '../../src/server/db/client'
import { projectRoot } from '../../src/server/lib/project-root'

const args = process.argv.slice(2)
const scope = args.includes('--demo') ? 'demo' : 'all'
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 3)
const root = projectRoot()
const database = await openDatabase({ dataDir: path.join(root, 'bench', 'results', `eval-${scope}`) })
const questions = (
  JSON.parse(readFileSync(path.join(root, 'bench/retrieval/questions.json'), 'utf8')) as {
    question: string
  }[]
).map((q) => q.question)
const queries = [...questions, ...questions.map((q) => q.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))]
for (const q of queries.slice(-20)) await searchCorpus(database.db, { q }) // warm-up
const results: { p50: number; p95: number }[] = []
for (let round = 0; round < rounds; round++) {
  const times: number[] = []
  const start = (round * 200) % Math.max(1, queries.length - 200)
  for (const q of queries.slice(start, start + 200)) {
    const t0 = performance.now()
    await searchCorpus(database.db, { q, limit: 10 })
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!
  results.push({ p50: pct(0.5), p95: pct(0.95) })
}
await database.close()
const median = [...results].sort((a, b) => a.p95 - b.p95)[Math.floor(results.length / 2)]!
console.log(`Índice ${scope}, ${rounds} rondas de 200 consultas:`)
for (const r of results) console.log(`  p50 ${r.p50.toFixed(1)} ms · p95 ${r.p95.toFixed(1)} ms`)
console.log(
  `Mediana de las rondas: p50 ${median.p50.toFixed(1)} ms, p95 ${median.p95.toFixed(1)} ms (objetivo p95 ≤ 50 ms)`,
)
