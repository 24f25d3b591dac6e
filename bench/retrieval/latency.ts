// npm run eval:latency [-- --demo] [--dir DATA_DIR] [rounds]
// Search latency over the index the eval built (bench/results/eval-all, or eval-demo with --demo; or any embedded
// data folder), in rounds of 200 queries (search-rounds.ts): each round's p50 and p95, and the median round. Run
// `npm run eval:retrieval` first. The npm script runs it under npm start's node flags (bench/with-start-flags.mjs).
import path from 'node:path'
import { evalIndexDir, openBuiltIndex } from './eval-index'
import { searchRounds } from './search-rounds'

const args = process.argv.slice(2)
const scope = args.includes('--demo') ? 'demo' : 'all'
const dirAt = args.indexOf('--dir')
const dirArg = dirAt >= 0 ? args[dirAt + 1] : undefined
if (dirAt >= 0 && (!dirArg || dirArg.startsWith('--'))) {
  console.error('--dir necesita la carpeta de datos de un índice: --dir CARPETA')
  process.exit(2)
}
const dataDir = dirArg ? path.resolve(dirArg) : evalIndexDir(scope)
const count = Number(args.find((a, i) => /^\d+$/.test(a) && i !== dirAt + 1) ?? 3)
const database = await openBuiltIndex(dataDir)
const { rounds, median } = await searchRounds(database.db, count)
await database.close()
console.log(
  `Índice ${dirAt >= 0 ? dataDir : scope}, ${count} rondas de 200 consultas (banderas de node: ${process.execArgv.join(' ') || 'ninguna'}):`,
)
for (const r of rounds) console.log(`  p50 ${r.p50.toFixed(1)} ms · p95 ${r.p95.toFixed(1)} ms`)
console.log(
  `Mediana de las rondas: p50 ${median.p50.toFixed(1)} ms, p95 ${median.p95.toFixed(1)} ms (objetivo p95 ≤ 50 ms)`,
)
