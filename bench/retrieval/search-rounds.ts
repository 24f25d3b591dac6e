// Search latency in rounds of 200 different queries, as issue 15's goal counts it: the evaluation questions, then
// again without accents as people type them. Run by `npm run eval:latency` (bench/retrieval/latency.ts), over the
// eval's index or the fresh whole-folder index of `npm run bench -- corpus`. Only timings: no result is read.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { searchCorpus } from '../../src/server/corpus/search/search'
import type { Db } from '../../src/server/db/client'
import { projectRoot } from '../../src/server/lib/project-root'

export type Round = { p50: number; p95: number }

export async function searchRounds(db: Db, rounds: number): Promise<{ rounds: Round[]; median: Round }> {
  const questions = (
    JSON.parse(readFileSync(path.join(projectRoot(), 'bench/retrieval/questions.json'), 'utf8')) as {
      question: string
    }[]
  ).map((q) => q.question)
  const queries = [...questions, ...questions.map((q) => q.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))]
  for (const q of queries.slice(-10)) await searchCorpus(db, { q }) // warm-up
  const results: Round[] = []
  for (let round = 0; round < rounds; round++) {
    const times: number[] = []
    const start = (round * 200) % Math.max(1, queries.length - 200)
    for (const q of queries.slice(start, start + 200)) {
      const t0 = performance.now()
      await searchCorpus(db, { q, limit: 10 })
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!
    results.push({ p50: pct(0.5), p95: pct(0.95) })
  }
  // A round's p50/p95 moves by a third from one run to the next on a shared machine: the median round is the figure.
  const median = [...results].sort((a, b) => a.p95 - b.p95)[Math.floor(results.length / 2)]!
  return { rounds: results, median }
}
