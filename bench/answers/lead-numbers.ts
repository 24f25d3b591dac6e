// npm run eval:lead -- [--all] [--verbose] [--fresh] [--baseline]
// For questions asking for a number (a term, an amount, an age): does the extractive answer's first paragraph state
// the number an expected article states? And, over every question, is the article the answer leads with (its first
// citation) an expected one?
// Prints the share per split beside a baseline's (bench/results/lead-numbers-<scope>.baseline.json: the first run's,
// or the run given --baseline), so a change to the answer shows its before and after.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { queryRows } from '../../src/server/db/query'
import { projectRoot } from '../../src/server/lib/project-root'
import { citedNumbers } from '../../src/server/research/citations'
import { openEvalIndex, WIDE_SPLITS } from '../retrieval/eval-index'
import { answerKeys, loadQuestions, passageKey, UNSEEN_SPLITS } from '../retrieval/questions'
import { researchAsker } from './harness'
import { asksStatedNumber, firstParagraph, statesNumber } from './states-number'

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')
const { database, scope } = await openEvalIndex(args)
const SPLITS = ['tune', 'holdout', 'fresh', 'judge', ...(scope === 'all' ? WIDE_SPLITS : [])] // sealed: left out by loadQuestions

const db = database.db
const wantedBy = await answerKeys(db)
const texts = new Map(
  (
    await queryRows<{ key: string; text: string }>(
      db,
      sql`select d.identifier || '#' || coalesce(p.number, '') as key,
            coalesce(p.heading, '') || '\n\n' || p.content as text
          from corpus_passages p join corpus_documents d on d.id = p.document_id where d.kind = 'norma'`,
    )
  ).map((r) => [r.key, r.text]),
)

const ask = researchAsker({ db, llm: null })

/** Per split: every question (its lead), and those asking for a number an expected article states. */
type Tally = { questions: number; leads: number; numbered: number; states: number }
const tallies = new Map<string, Tally>()
const misses: string[] = []
const questions = loadQuestions().filter((q) => SPLITS.includes(q.split))
for (const q of questions) {
  const wanted = wantedBy(q)
  const expected = [...wanted].flatMap((k) => texts.get(k) ?? [])
  const { answer } = await ask(q.question)
  const first = citedNumbers(firstParagraph(answer.answer))[0]
  const led = first ? answer.contextLeyes[first - 1] : undefined
  const leads = !!led && wanted.has(passageKey({ identifier: led.identifier, number: led.number }))
  const t = tallies.get(q.split) ?? { questions: 0, leads: 0, numbered: 0, states: 0 }
  t.questions++
  if (leads) t.leads++
  if (asksStatedNumber(q.question, expected)) {
    t.numbered++
    const states = statesNumber(answer.answer, expected, q.question)
    if (states) t.states++
    // The unseen parts are counted, never listed.
    else if (verbose && !UNSEEN_SPLITS.has(q.split))
      misses.push(
        `${q.id} [${q.split}] ${q.question}\n    esperado: ${[...wanted].join(' | ')}\n    primer párrafo: ${firstParagraph(answer.answer).slice(0, 300)}`,
      )
  }
  tallies.set(q.split, t)
}

const baselineFile = path.join(projectRoot(), 'bench', 'results', `lead-numbers-${scope}.baseline.json`)
const previous: Record<string, Tally> =
  existsSync(baselineFile) && !args.includes('--baseline')
    ? JSON.parse(readFileSync(baselineFile, 'utf8'))
    : {}
const share = (a: number, n: number) => (n ? (a / n).toFixed(3) : '  -  ')
console.log(`\nRespuestas extractivas a preguntas que piden un número (corpus ${scope}; antes → ahora):`)
console.log(
  `${'parte'.padEnd(10)} ${'piden número'.padStart(12)} ${'número en el 1.er párrafo'.padStart(26)} ${'preguntas'.padStart(10)} ${'encabeza un artículo esperado'.padStart(30)}`,
)
for (const split of SPLITS) {
  const t = tallies.get(split)
  if (!t) continue
  const before = previous[split]
  const pair = (now: number, n: number, was?: number, wasN?: number) =>
    `${before ? `${share(was ?? 0, wasN ?? 0)} → ` : ''}${share(now, n)}`
  console.log(
    `${split.padEnd(10)} ${String(t.numbered).padStart(12)} ${pair(t.states, t.numbered, before?.states, before?.numbered).padStart(26)} ${String(t.questions).padStart(10)} ${pair(t.leads, t.questions, before?.leads, before?.questions).padStart(30)}`,
  )
}
if (!Object.keys(previous).length)
  writeFileSync(baselineFile, JSON.stringify(Object.fromEntries(tallies), null, 2))
if (verbose) console.log(`\nSin el número (${misses.length}):\n${misses.join('\n')}`)
await database.close()
