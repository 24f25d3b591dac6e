// npm run eval:answers -- [--all] [--split tune|holdout|fresh|judge|wide|tune-wide] [--verbose] [--sealed]
//   [KEY=v1,v2 …]
// The answer-level evaluation (issue 16): the builtin research agent ('Lexia General', extractive, no LLM) run
// in-process over the retrieval questions, the out-of-scope messages and the labelled rulings questions, on the
// index eval:retrieval keeps (bench/results/eval-demo, or eval-all with --all). Per part: whether the answer cites
// an expected article, whether its first citation is one, false abstentions (no norm cited while search's top 5
// held the answer), beside search's recall@1/@5 on the same run. KEY=v1,v2 (a constant of ANSWER_GATE in
// src/server/research/relevance.ts) prints a calibration table over the tune part and the out-of-scope set only.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { AgentAnswer } from '../../src/server/agents/gateway/types'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { projectRoot } from '../../src/server/lib/project-root'
import { ANSWER_GATE } from '../../src/server/research/relevance'
import { createResearchAgent } from '../../src/server/research/research-agent'
import { researchScope } from '../../src/server/research/scopes'
import { createLogger } from '../../src/shared/logger'
import type { SourceItem } from '../../src/shared/search-schemas'
import { openEvalIndex, WIDE_SPLITS } from '../retrieval/eval-index'
import { answerKeys, loadQuestions, passageKey, type Question, UNSEEN_SPLITS } from '../retrieval/questions'
import { rulingUuids } from './ruling-uuids'
import { formatRulingsSummary, loadRulingsLabelled, scoreRulings, summarizeRulings } from './rulings-concern'

const started = performance.now()
const args = process.argv.slice(2)
const all = args.includes('--all')
const splitArg = args.includes('--split') ? args[args.indexOf('--split') + 1] : undefined
const verbose = args.includes('--verbose')
const sweeps = args.filter((a) => /^\w+=/.test(a))

type OutOfScope = { id: string; message: string; kind: string }
const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(projectRoot(), 'bench/answers', file), 'utf8')) as T
const outOfScope = readJson<OutOfScope[]>('out-of-scope.json')
const labelled = loadRulingsLabelled()

const questions = loadQuestions({ sealed: args.includes('--sealed') }).filter(
  (q) =>
    (!splitArg || q.split === splitArg) &&
    (all || !WIDE_SPLITS.has(q.split)) &&
    // A calibration table is made on the tune parts alone.
    (!sweeps.length || q.split === 'tune' || q.split === 'tune-wide'),
)

const { database, corpusDir } = await openEvalIndex(args)
const db = database.db
const wantedBy = await answerKeys(db)
const uuidOf = rulingUuids(corpusDir)
const agent = createResearchAgent({ db, logger: createLogger({ level: 'ERROR', sinks: [] }), llm: null })
const general = researchScope('general')!

async function ask(message: string): Promise<AgentAnswer> {
  return agent.run(general, {
    agent: { id: 'general', name: 'Lexia General', url: 'builtin:general', credits: 1 },
    sessionId: 'eval',
    historyId: 1,
    userId: 'eval',
    userInput: message,
    countryCode: 'PE',
    signal: new AbortController().signal,
    onPartial: () => {},
  })
}

const keyOf = (s: SourceItem) => passageKey({ identifier: s.identifier ?? '', number: s.number ?? null })
/** Abstained as an answer to something the corpus cannot answer must: no source at all, and no charge. */
const silent = (a: AgentAnswer) =>
  !a.contextLeyes.length && !a.contextSentencias.length && a.skipCreditDeduction

type Part = {
  n: number
  cites: number
  first: number
  falseAbst: number
  abst: number
  r1: number
  r5: number
}
const part = (): Part => ({ n: 0, cites: 0, first: 0, falseAbst: 0, abst: 0, r1: 0, r5: 0 })
const pct = (x: number, n: number) => (n ? (x / n).toFixed(3) : '-').padStart(7)

async function measureQuestions(list: Question[], misses: string[] | null): Promise<Map<string, Part>> {
  const parts = new Map<string, Part>()
  for (const q of list) {
    const wanted = wantedBy(q)
    const hits = await searchCorpus(db, { q: q.question, limit: 10 })
    const rank = hits.findIndex((h) => wanted.has(passageKey(h)))
    const a = await ask(q.question)
    const cited = a.contextLeyes.map(keyOf)
    const p = parts.get(q.split) ?? part()
    parts.set(q.split, p)
    p.n++
    if (rank === 0) p.r1++
    if (rank >= 0 && rank < 5) p.r5++
    const cites = cited.some((k) => wanted.has(k))
    if (cites) p.cites++
    if (cited[0] && wanted.has(cited[0])) p.first++
    if (!cited.length) p.abst++
    if (!cited.length && rank >= 0 && rank < 5) p.falseAbst++
    // The unseen parts are counted, never listed.
    if (misses && !cites && !UNSEEN_SPLITS.has(q.split))
      misses.push(
        `${q.id} [${q.split}] ${q.question}\n    esperado: ${q.answers.map((x) => `${x.identifier} art. ${x.article}`).join(' | ')} (búsqueda: ${rank < 0 ? '-' : rank + 1})\n    citado: ${cited.slice(0, 3).join(' | ') || '(se abstuvo)'}`,
      )
  }
  return parts
}

async function measureOutOfScope(
  misses: string[] | null = null,
): Promise<Map<string, { n: number; silent: number; charged: number }>> {
  const byKind = new Map<string, { n: number; silent: number; charged: number }>()
  for (const o of outOfScope) {
    const a = await ask(o.message)
    const k = byKind.get(o.kind) ?? { n: 0, silent: 0, charged: 0 }
    byKind.set(o.kind, k)
    k.n++
    if (silent(a)) k.silent++
    if (!a.skipCreditDeduction) k.charged++
    // The out-of-scope set is a calibration set (like the tune part): its misses may be listed.
    if (misses && !silent(a))
      misses.push(
        `${o.id} [${o.kind}] ${o.message}\n    citado: ${[...a.contextLeyes, ...a.contextSentencias].map(keyOf).slice(0, 3).join(' | ')} (${a.state})`,
      )
  }
  return byKind
}

const partHeader = `${'parte'.padEnd(16)} ${'cita esp.'.padStart(9)} ${'1ª esp.'.padStart(7)} ${'abst. falsas'.padStart(12)} ${'se abstuvo'.padStart(10)}  │ ${'recall@1'.padStart(8)} ${'recall@5'.padStart(8)}  metas`
function partRow(name: string, p: Part): string {
  const ok =
    p.cites / p.n >= p.r5 / p.n - 0.02 && p.first / p.n >= p.r1 / p.n - 0.02 && p.falseAbst / p.n <= 0.02
  return `${`${name} (${p.n})`.padEnd(16)} ${pct(p.cites, p.n).padStart(9)} ${pct(p.first, p.n)} ${pct(p.falseAbst, p.n).padStart(12)} ${pct(p.abst, p.n).padStart(10)}  │ ${pct(p.r1, p.n).padStart(8)} ${pct(p.r5, p.n).padStart(8)}  ${ok ? 'sí' : 'no'}`
}

if (sweeps.length) {
  // Calibration: each constant over its values, the others as they are; the tune parts and the out-of-scope set.
  const gate = ANSWER_GATE as Record<string, number>
  const line = async (label: string) => {
    const parts = await measureQuestions(questions, null)
    const oos = await measureOutOfScope()
    let n = 0
    let s = 0
    for (const k of oos.values()) {
      n += k.n
      s += k.silent
    }
    const cells = [...parts].map(
      ([name, p]) =>
        `${name}: cita ${pct(p.cites, p.n)} 1ª ${pct(p.first, p.n)} abst.f ${pct(p.falseAbst, p.n)} (r@1 ${pct(p.r1, p.n)} r@5 ${pct(p.r5, p.n)})`,
    )
    console.log(`${label.padEnd(22)} ${cells.join('  ')}  fuera de alcance ${pct(s, n)}`)
  }
  await line('actual')
  for (const arg of sweeps) {
    const [key, values] = arg.split('=') as [string, string]
    if (!(key in gate)) {
      console.error(`${key} no es una constante de ANSWER_GATE (${Object.keys(gate).join(', ')})`)
      process.exit(1)
    }
    const before = gate[key]!
    for (const v of values.split(',')) {
      gate[key] = Number(v)
      await line(`${key}=${v}`)
    }
    gate[key] = before
  }
} else {
  const misses: string[] = []
  const parts = await measureQuestions(questions, verbose ? misses : null)
  console.log(
    `\n${questions.length} preguntas, corpus ${all ? 'all' : 'demo'} (agente Lexia General, extractivo)`,
  )
  console.log(partHeader)
  const total = part()
  for (const [name, p] of [...parts].sort()) {
    console.log(partRow(name, p))
    for (const k of Object.keys(total) as (keyof Part)[]) total[k] += p[k]
  }
  console.log(partRow('todas', total))

  const oosMisses: string[] = []
  const oos = await measureOutOfScope(verbose ? oosMisses : null)
  let n = 0
  let s = 0
  let charged = 0
  console.log(`\nFuera de alcance (${outOfScope.length}): se abstiene sin fuentes y sin cobro`)
  for (const [kind, k] of [...oos].sort()) {
    n += k.n
    s += k.silent
    charged += k.charged
    console.log(`  ${`${kind} (${k.n})`.padEnd(22)} ${pct(k.silent, k.n)}   cobradas ${k.charged}`)
  }
  console.log(
    `  ${`total (${n})`.padEnd(22)} ${pct(s, n)}   cobradas ${charged}  meta ≥ 0.95: ${s / n >= 0.95 ? 'sí' : 'no'}`,
  )
  if (verbose && oosMisses.length) console.log(`  Con fuentes o cobro:\n  ${oosMisses.join('\n  ')}`)

  // Rulings attached that concern the question, by record uuid (a case number can name two records).
  const counts = []
  for (const item of labelled) {
    const a = await ask(item.question)
    counts.push(
      scoreRulings(
        item,
        a.contextSentencias.map((r) => ({ nroexp: '', uuid: uuidOf.get(r.identifier ?? '') ?? null })),
      ),
    )
  }
  console.log(
    `\nSentencias adjuntas (${labelled.length} preguntas):\n${formatRulingsSummary(summarizeRulings(counts))}`,
  )
  if (verbose)
    console.log(
      `\nSin el artículo esperado (tune, holdout, fresh, tune-wide; ${misses.length}):\n${misses.join('\n')}`,
    )
}
console.log(`\nTiempo: ${((performance.now() - started) / 1000).toFixed(1)} s`)
await database.close()
