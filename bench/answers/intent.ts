// npm run eval:intent -- [--pack DIR] [--at t1,t2,…]
// How the legal-intent classifier (src/server/research/legal-intent.ts) reads the evaluation messages, with no
// search and no index: per part of the legal questions, the share it would read as no legal question at each
// threshold (a false abstention if the answer depended on it alone), and per out-of-scope set the share it would
// catch. Messages are counted, never listed. What the answer does with it (named norms, references, the rest of
// the decision to answer) is eval:answers' to measure.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../src/server/lib/project-root'
import { packExamples, trainLegalIntent } from '../../src/server/research/legal-intent'
import { loadQuestions } from '../retrieval/questions'
import type { OutOfScope } from './harness'

const args = process.argv.slice(2)
const flagValue = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined)
const at = (flagValue('--at') ?? '-4,-2,-1,0,1,2,4').split(',').map(Number)

const started = performance.now()
const intent = trainLegalIntent(packExamples(flagValue('--pack')))
const trained = performance.now() - started

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(projectRoot(), 'bench/answers', file), 'utf8')) as T
const groups = new Map<string, number[]>()
const add = (group: string, odds: number) => groups.set(group, [...(groups.get(group) ?? []), odds])
for (const q of loadQuestions()) add(`legal: ${q.split}`, intent.odds(q.question))
for (const [set, file] of [
  ['calibración', 'out-of-scope.json'],
  ['nuevo', 'out-of-scope-fresh.json'],
] as const)
  for (const m of readJson<OutOfScope[]>(file)) {
    add(`fuera (${set}): ${m.kind}`, intent.odds(m.message))
    add(`fuera (${set}): total`, intent.odds(m.message))
  }

console.log(`Clasificador entrenado en ${Math.round(trained)} ms. Proporción con odds < umbral:`)
console.log(`${'grupo'.padEnd(34)}${at.map((t) => `< ${t}`.padStart(8)).join('')}`)
for (const [group, odds] of [...groups].sort()) {
  const cells = at.map((t) => (odds.filter((o) => o < t).length / odds.length).toFixed(3).padStart(8))
  console.log(`${`${group} (${odds.length})`.padEnd(34)}${cells.join('')}`)
}
