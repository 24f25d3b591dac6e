// npm run eval:answers -- [--all] [--split tune|holdout|fresh|judge|wide|tune-wide] [--verbose] [--sealed]
//   [--llm] [--concurrency N] [--rulings] [KEY=v1,v2 …]
// The answer-level evaluation (issue 16): the builtin research agent ('Lexia General', extractive, or with --llm
// through the model of LLM_BASE_URL/LLM_MODEL/LLM_API_KEY) run in-process over the retrieval questions, the out-of-scope messages, the legal calibration set (neither with --split
// nor --llm) and the labelled rulings questions, on the
// index eval:retrieval keeps (bench/results/eval-demo, or eval-all with --all). Per part: whether the answer cites
// an expected article, whether its first citation is one, false abstentions (no norm cited while search's top 5
// held the answer), beside search's recall@1/@5 on the same run. KEY=v1,v2 (a constant of ANSWER_GATE in
// src/server/research/relevance.ts) prints a calibration table over the tune part and the out-of-scope set only.
// With --llm, the same table and, beside it, the model's own figures: answers that fell back to the extractive one
// and why, citations naming no returned source (must be 0), and the time per answer. The scoring is harness.ts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { loadConfigOrExit } from '../../src/server/config'
import { projectRoot } from '../../src/server/lib/project-root'
import { ANSWER_GATE } from '../../src/server/research/relevance'
import { openEvalIndex, WIDE_SPLITS } from '../retrieval/eval-index'
import { answerKeys, loadQuestions } from '../retrieval/questions'
import {
  type AnswerEval,
  countTotal,
  emptyPart,
  measureOutOfScope,
  measureQuestions,
  type OutOfScope,
  type OutOfScopeCount,
  type Part,
  researchAsker,
  runAnswerEval,
} from './harness'
import { type LegalCalibration, loadLegalCalibration, measureLegalCalibration } from './legal-calibration'
import { rulingUuids } from './ruling-uuids'
import { formatRulingsSummary, loadRulingsLabelled } from './rulings-concern'

const started = performance.now()
const args = process.argv.slice(2)
const all = args.includes('--all')
const flagValue = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined)
const splitArg = flagValue('--split')
const verbose = args.includes('--verbose')
const withLlm = args.includes('--llm')
// The labelled rulings set alone: a minute, for work on which rulings an answer attaches.
const rulingsOnly = args.includes('--rulings')
const sweeps = args.filter((a) => /^\w+=/.test(a))

if (withLlm && !process.env.LLM_BASE_URL?.trim()) {
  console.error(
    'Falta LLM_BASE_URL: --llm evalúa las respuestas escritas por un modelo compatible con OpenAI. Define LLM_BASE_URL ' +
      '(p. ej. http://localhost:11434/v1 para Ollama) y LLM_MODEL, y LLM_API_KEY si el servicio la pide.',
  )
  process.exit(1)
}
const llm = withLlm ? loadConfigOrExit().llm : null
// A model is asked a few at a time (a local server serves one or two; a hosted one more); the extractive path is
// CPU-bound on one database, so one at a time.
const concurrency = Number(flagValue('--concurrency') ?? (llm ? 2 : 1))
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
  console.error('--concurrency debe ser un número entero entre 1 y 64')
  process.exit(1)
}

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(projectRoot(), 'bench/answers', file), 'utf8')) as T
const outOfScope = rulingsOnly ? [] : readJson<OutOfScope[]>('out-of-scope.json')
const outOfScopeFresh = rulingsOnly || sweeps.length ? [] : readJson<OutOfScope[]>('out-of-scope-fresh.json')
const labelled = loadRulingsLabelled()
// Legal questions with no expected article (legal-calibration.ts): how often the extractive decision abstains on
// one. Not asked of a model (--llm): 478 more calls, and the model decides for itself.
const legalCalibration = rulingsOnly || splitArg || withLlm ? [] : loadLegalCalibration()

const questions = loadQuestions({ sealed: args.includes('--sealed') }).filter(
  (q) =>
    !rulingsOnly &&
    (!splitArg || q.split === splitArg) &&
    (all || !WIDE_SPLITS.has(q.split)) &&
    // A calibration table is made on the tune parts alone.
    (!sweeps.length || q.split === 'tune' || q.split === 'tune-wide'),
)

const { database, corpusDir } = await openEvalIndex(args)
const db = database.db
const wantedBy = await answerKeys(db)
const uuids = rulingUuids(corpusDir)
const ask = researchAsker({ db, llm })

const pct = (x: number, n: number) => (n ? (x / n).toFixed(3) : '-').padStart(7)
const partHeader = `${'parte'.padEnd(16)} ${'cita esp.'.padStart(9)} ${'1ª esp.'.padStart(7)} ${'abst. falsas'.padStart(12)} ${'se abstuvo'.padStart(10)}  │ ${'recall@1'.padStart(8)} ${'recall@5'.padStart(8)}  metas  citas/resp.`
/** Norms cited per answer that cites any: what a longer list of followers costs the reader. */
const perAnswer = (p: Part) => (p.n > p.abst ? (p.citations / (p.n - p.abst)).toFixed(2) : '-')
function partRow(name: string, p: Part): string {
  const ok =
    p.cites / p.n >= p.r5 / p.n - 0.02 && p.first / p.n >= p.r1 / p.n - 0.02 && p.falseAbst / p.n <= 0.02
  return `${`${name} (${p.n})`.padEnd(16)} ${pct(p.cites, p.n).padStart(9)} ${pct(p.first, p.n)} ${pct(p.falseAbst, p.n).padStart(12)} ${pct(p.abst, p.n).padStart(10)}  │ ${pct(p.r1, p.n).padStart(8)} ${pct(p.r5, p.n).padStart(8)}  ${ok ? 'sí' : 'no'}  ${perAnswer(p)}`
}

function printOutOfScope(title: string, byKind: Map<string, OutOfScopeCount>) {
  if (!byKind.size) return
  console.log(`\n${title}: se abstiene sin fuentes y sin cobro`)
  for (const [kind, k] of [...byKind].sort())
    console.log(`  ${`${kind} (${k.n})`.padEnd(22)} ${pct(k.silent, k.n)}   cobradas ${k.charged}`)
  const { n, silent, charged } = countTotal(byKind)
  console.log(
    `  ${`total (${n})`.padEnd(22)} ${pct(silent, n)}   cobradas ${charged}  meta ≥ 0.95: ${silent / n >= 0.95 ? 'sí' : 'no'}`,
  )
}

/** The legal calibration set: per kind, the share answered (not abstained), and the abstentions with --verbose. */
function printLegalCalibration({ byKind, abstained }: LegalCalibration) {
  if (!byKind.size) return
  console.log('\nPreguntas jurídicas de calibración (legal-calibration.json): se responde con fuentes')
  for (const [kind, k] of [...byKind].sort())
    console.log(`  ${`${kind} (${k.n})`.padEnd(44)} ${pct(k.n - k.silent, k.n)}`)
  const { n, silent } = countTotal(byKind)
  console.log(`  ${`total (${n})`.padEnd(44)} ${pct(n - silent, n)}`)
  if (verbose && abstained.length) console.log(`\nSe abstuvo (${abstained.length}):\n${abstained.join('\n')}`)
}

function printReport(r: AnswerEval, legal: LegalCalibration) {
  const how = llm ? `con el modelo ${llm.model}, ${concurrency} a la vez` : 'extractivo'
  console.log(
    `\n${questions.length} preguntas, corpus ${all ? 'all' : 'demo'} (agente Lexia General, ${how})`,
  )
  if (r.parts.size) {
    console.log(partHeader)
    const total = emptyPart()
    for (const [name, p] of [...r.parts].sort()) {
      console.log(partRow(name, p))
      for (const k of Object.keys(total) as (keyof Part)[]) total[k] += p[k]
    }
    console.log(partRow('todas', total))
  }

  printOutOfScope('Fuera de alcance, calibración (out-of-scope.json)', r.outOfScope)
  printOutOfScope('Fuera de alcance, nuevo (out-of-scope-fresh.json, nunca ajustado)', r.outOfScopeFresh)
  printLegalCalibration(legal)
  console.log(`\nSentencias adjuntas (${labelled.length} preguntas):\n${formatRulingsSummary(r.rulings)}`)

  const m = r.model
  if (llm) {
    const f = m.fallbacks
    const fell = f.no_citation + f.invented_number + f.error + f.silence
    console.log(
      `\nModelo (${m.answers} respuestas): respuesta extractiva en su lugar ${fell} (${pct(fell, m.answers).trim()}):` +
        ` sin cita ${f.no_citation}, cifra inventada ${f.invented_number}, error ${f.error}, silencio ${f.silence}`,
    )
  }
  console.log(
    `Citas que no remiten a una fuente devuelta: ${m.unmapped} (meta 0: ${m.unmapped === 0 ? 'sí' : 'no'})` +
      `\nTiempo por respuesta: mediana ${Math.round(m.latency.median)} ms, p95 ${Math.round(m.latency.p95)} ms`,
  )
  if (verbose)
    console.log(
      `\nSin el artículo esperado (tune, holdout, fresh, tune-wide) o, fuera de alcance, con fuentes o cobro (solo calibración; ${r.misses.length}):\n${r.misses.join('\n')}`,
    )
}

if (sweeps.length) {
  // Calibration: each constant over its values, the others as they are; the tune parts and the out-of-scope set.
  const gate = ANSWER_GATE as Record<string, number>
  const line = async (label: string) => {
    const parts = await measureQuestions({ db, ask, questions, wantedBy, concurrency })
    const oos = await measureOutOfScope({ ask, messages: outOfScope, concurrency })
    const oosTotal = countTotal(oos)
    const legal = countTotal(await measureOutOfScope({ ask, messages: legalCalibration, concurrency }))
    const cells = [...parts].map(
      ([name, p]) =>
        `${name}: cita ${pct(p.cites, p.n)} 1ª ${pct(p.first, p.n)} abst.f ${pct(p.falseAbst, p.n)} citas ${perAnswer(p)} (r@1 ${pct(p.r1, p.n)} r@5 ${pct(p.r5, p.n)})`,
    )
    console.log(
      `${label.padEnd(22)} ${cells.join('  ')}  fuera de alcance ${pct(oosTotal.silent, oosTotal.n)}  jurídicas respondidas ${pct(legal.n - legal.silent, legal.n)}`,
    )
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
  const report = await runAnswerEval({
    db,
    ask,
    questions,
    wantedBy,
    outOfScope,
    outOfScopeFresh,
    labelled,
    uuidOf: (identifier) => uuids.get(identifier) ?? null,
    concurrency,
    listMisses: verbose,
  })
  printReport(report, await measureLegalCalibration({ ask, messages: legalCalibration, concurrency }))
}
console.log(`\nTiempo: ${((performance.now() - started) / 1000).toFixed(1)} s`)
await database.close()
