// npm run eval:digest [-- --demo]
// One SHA-256 of what search returns for every evaluation question (sealed part left out) over the eval's index
// (bench/results/eval-all, or eval-demo): the top 10 over the whole index and the top 5 within the scope of the
// question's own norms (an agent's narrow path), passages and scores to six decimals. A change meant to leave ranking
// alone (a faster first stage, decision 0043) prints the same digest before and after; nothing of the questions or
// the results is shown. Run `npm run eval:retrieval` first.
import { createHash } from 'node:crypto'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { evalIndexDir, openBuiltIndex } from './eval-index'
import { loadQuestions } from './questions'

const scope = process.argv.includes('--demo') ? 'demo' : 'all'
const database = await openBuiltIndex(evalIndexDir(scope))
const hash = createHash('sha256')
const questions = loadQuestions()
const line = (hits: { passageId: number; score: number }[]) =>
  `${hits.map((h) => `${h.passageId}:${h.score.toFixed(6)}`).join(' ')}\n`
for (const q of questions) {
  hash.update(`${q.id}\t`).update(line(await searchCorpus(database.db, { q: q.question, limit: 10 })))
  const documents = [...new Set(q.answers.map((a) => a.identifier))]
  hash
    .update(`${q.id}\t`)
    .update(line(await searchCorpus(database.db, { q: q.question, limit: 5, documents })))
}
await database.close()
console.log(`Índice ${scope}, ${questions.length} preguntas: ${hash.digest('hex')}`)
