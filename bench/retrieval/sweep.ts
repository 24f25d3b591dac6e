// npm run eval:sweep -- heading=3,4,5 sameIdea=0.5,1 pool=3,8 fields.b=0.3 sizePrior=0.2:inherit=0.5 [--all] [--norms]
// Recall@5 and MRR per part of the question set for each value of a ranking constant (RANK in rank.ts, or
// NORM_STAGE in norm-stage.ts), one constant at a time, the others as they are. Reads the index the eval built
// (bench/results/eval-demo, or eval-all with --all): run `npm run eval:retrieval` once first. A tool for tuning on the `tune` part; the other parts only say whether it
// generalises.
import { NORM_STAGE } from '../../src/server/corpus/search/norm-stage'
import { buildNormTerms, NORM_FIELDS } from '../../src/server/corpus/search/norm-terms'
import { RANK } from '../../src/server/corpus/search/rank'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { vocabularyChanged } from '../../src/server/corpus/search/vocabulary'
import { evalIndexDir, openBuiltIndex } from './eval-index'
import { answerKeys, loadQuestions, passageKey, UNSEEN_SPLITS } from './questions'

const args = process.argv.slice(2)
// Never tuned on, so never measured here: the judge part says at the end whether tuning generalised.
const all = args.includes('--all')
const questions = loadQuestions().filter(
  (q) => !UNSEEN_SPLITS.has(q.split) && (all || q.split !== 'tune-wide'),
)
const database = await openBuiltIndex(evalIndexDir(all ? 'all' : 'demo'))
const db = database.db
// The pack's norm descriptors may have changed since the eval built the index.
async function rebuildNorms() {
  const t0 = performance.now()
  await buildNormTerms(db)
  vocabularyChanged()
  console.log(`índice de normas reconstruido en ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}
if (args.includes('--norms')) await rebuildNorms()
const wantedBy = await answerKeys(db)

// `--changes`: the tune part's questions a setting wins or loses at recall@5 (never another part's: only tune is
// read question by question).
const changes = args.includes('--changes')
let baseline: Map<string, boolean> | null = null

async function measure(): Promise<string> {
  const parts = new Map<string, { r5: number; mrr: number; n: number }>()
  const hit = new Map<string, boolean>()
  for (const q of questions) {
    const wanted = wantedBy(q)
    const hits = await searchCorpus(db, { q: q.question, limit: 10 })
    const rank = hits.findIndex((h) => wanted.has(passageKey(h)))
    const s = parts.get(q.split) ?? { r5: 0, mrr: 0, n: 0 }
    s.n++
    if (rank >= 0 && rank < 5) s.r5++
    if (rank >= 0) s.mrr += 1 / (rank + 1)
    parts.set(q.split, s)
    if (q.split === 'tune' || q.split === 'tune-wide') hit.set(q.id, rank >= 0 && rank < 5)
  }
  if (changes && baseline) {
    for (const q of questions) {
      const was = baseline.get(q.id)
      if (was === undefined || was === hit.get(q.id)) continue
      console.log(`  ${was ? 'pierde' : 'gana'} ${q.id} · ${q.question}`)
    }
  }
  baseline ??= hit
  return [...parts]
    .map(([part, s]) => `${part} ${(s.r5 / s.n).toFixed(3)}/${(s.mrr / s.n).toFixed(3)}`)
    .join('  ')
}

/**
 * The constant a key names: RANK's, NORM_FIELDS' or NORM_STAGE's. A name two of them share (b, k1, coverage) must say
 * whose: `fields.b`, `stage.coverage`, `rank.b`; unqualified, it would silently be RANK's.
 */
const TABLES = { rank: RANK, fields: NORM_FIELDS, stage: NORM_STAGE } as Record<
  string,
  Record<string, number>
>
function resolve(key: string): { table: Record<string, number>; name: string } {
  const [prefix, name] = key.includes('.') ? (key.split('.', 2) as [string, string]) : [null, key]
  if (prefix) {
    const table = TABLES[prefix]
    if (!table || !(name in table)) throw new Error(`${key}: no existe (rank., fields. o stage.)`)
    return { table, name }
  }
  const owners = Object.entries(TABLES).filter(([, t]) => name in t)
  if (owners.length !== 1)
    throw new Error(
      owners.length
        ? `${key} es de ${owners.map(([p]) => p).join(' y ')}: escribe ${owners.map(([p]) => `${p}.${key}`).join(' o ')}`
        : `${key}: no es una constante de RANK, NORM_FIELDS ni NORM_STAGE`,
    )
  return { table: owners[0]![1], name }
}
// Every key is checked before the first measure, which takes a minute on the whole folder.
try {
  for (const arg of args.filter((a) => a.includes('=')))
    for (const pair of arg.split(':')) resolve(pair.split('=')[0]!)
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
console.log(`actual: ${await measure()}`)
// A field weight of the norm-level index is read when it is built: rebuilt for each value, and once more at the end.
const fieldsChanged = async (keys: string[]) => {
  if (keys.some((k) => resolve(k).table === NORM_FIELDS)) await rebuildNorms()
}
for (const arg of args.filter((a) => a.includes('='))) {
  // `a=1:b=2` is one setting of several constants together (levers that only help jointly).
  if (arg.includes(':')) {
    const pairs = arg.split(':').map((p) => {
      const [k, v] = p.split('=') as [string, string]
      const { table, name } = resolve(k)
      return { k, table, name, value: Number(v), before: table[name]! }
    })
    for (const p of pairs) p.table[p.name] = p.value
    await fieldsChanged(pairs.map((p) => p.k))
    console.log(`${arg}: ${await measure()}`)
    for (const p of pairs) p.table[p.name] = p.before
    await fieldsChanged(pairs.map((p) => p.k))
    continue
  }
  const [key, values] = arg.split('=') as [string, string]
  const { table, name } = resolve(key)
  const before = table[name]!
  for (const v of values.split(',')) {
    table[name] = Number(v)
    await fieldsChanged([key])
    console.log(`${key}=${v}: ${await measure()}`)
  }
  table[name] = before
  await fieldsChanged([key])
}
await database.close()
