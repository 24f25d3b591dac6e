// npm run eval:sweep -- heading=3,4,5 sameIdea=0.5,1 pool=3,8 [--all] [--norms]
// Recall@5 and MRR per part of the question set for each value of a ranking constant (RANK in rank.ts, or
// NORM_STAGE in norm-stage.ts), one constant at a time, the others as they are. Reads the index the eval built
// (bench/results/eval-demo, or eval-all with --all): run `npm run eval:retrieval` once first. A tool for tuning on the `tune` part; the other parts only say whether it
// generalises.
import path from 'node:path'
import { NORM_STAGE } from '../../src/server/corpus/search/norm-stage'
import { buildNormTerms } from '../../src/server/corpus/search/norm-terms'
import { RANK } from '../../src/server/corpus/search/rank'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { vocabularyChanged } from '../../src/server/corpus/search/vocabulary'
import { openDatabase } from '../../src/server/db/client'
import { projectRoot } from '../../src/server/lib/project-root'
import { answerKeys, loadQuestions, passageKey, UNSEEN_SPLITS } from './questions'

const args = process.argv.slice(2)
const root = projectRoot()
// Never tuned on, so never measured here: the judge part says at the end whether tuning generalised.
const all = args.includes('--all')
const questions = loadQuestions().filter(
  (q) => !UNSEEN_SPLITS.has(q.split) && (all || q.split !== 'tune-wide'),
)
const database = await openDatabase({
  dataDir: path.join(root, 'bench', 'results', all ? 'eval-all' : 'eval-demo'),
})
const db = database.db
// The pack's norm descriptors may have changed since the eval built the index.
if (args.includes('--norms')) {
  const t0 = performance.now()
  await buildNormTerms(db)
  vocabularyChanged()
  console.log(`índice de normas reconstruido en ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}
const wantedBy = await answerKeys(db)

async function measure(): Promise<string> {
  const parts = new Map<string, { r5: number; mrr: number; n: number }>()
  for (const q of questions) {
    const wanted = wantedBy(q)
    const hits = await searchCorpus(db, { q: q.question, limit: 10 })
    const rank = hits.findIndex((h) => wanted.has(passageKey(h)))
    const s = parts.get(q.split) ?? { r5: 0, mrr: 0, n: 0 }
    s.n++
    if (rank >= 0 && rank < 5) s.r5++
    if (rank >= 0) s.mrr += 1 / (rank + 1)
    parts.set(q.split, s)
  }
  return [...parts]
    .map(([part, s]) => `${part} ${(s.r5 / s.n).toFixed(3)}/${(s.mrr / s.n).toFixed(3)}`)
    .join('  ')
}

console.log(`actual: ${await measure()}`)
for (const arg of args.filter((a) => a.includes('='))) {
  const [key, values] = arg.split('=') as [string, string]
  const table = (key in RANK ? RANK : NORM_STAGE) as Record<string, number>
  const before = table[key]!
  for (const v of values.split(',')) {
    table[key] = Number(v)
    console.log(`${key}=${v}: ${await measure()}`)
  }
  table[key] = before
}
await database.close()
