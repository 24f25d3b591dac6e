// npm run eval:classify -- [--split tune-wide] [--all] [--list]
// Sorts the misses of a tuning part into classes, so a change can aim at a class rather than a question:
//   norma-fuera     the answering norm is not among the norm-level stage's chosen norms (norm-stage.ts);
//   norma-elegida   it is chosen, yet no article of it reaches the top 5 (other norms' articles win);
//   otro-articulo   an article of the right norm is in the top 5, not the answering one.
// Each class is split by whether the norm has article descriptors (packs/pe/descriptors). Unseen parts (judge, wide,
// sealed) are refused: their misses are never looked into. --list prints each miss with its class.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { descriptorsDir } from '../../src/server/corpus/pack/pack-data'
import { askingUnits } from '../../src/server/corpus/search/answer-type'
import { queryConcepts } from '../../src/server/corpus/search/concepts'
import { chooseNorms } from '../../src/server/corpus/search/norm-stage'
import { analyzeQuery } from '../../src/server/corpus/search/query'
import { rankQuery } from '../../src/server/corpus/search/rank'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { vocabulary } from '../../src/server/corpus/search/vocabulary'
import { openDatabase } from '../../src/server/db/client'
import { projectRoot } from '../../src/server/lib/project-root'
import { answerKeys, loadQuestions, passageKey, UNSEEN_SPLITS } from './questions'

const args = process.argv.slice(2)
const split = args.includes('--split') ? args[args.indexOf('--split') + 1]! : 'tune-wide'
if (UNSEEN_SPLITS.has(split)) {
  console.error(`La parte ${split} no se mira: sus fallos no se clasifican.`)
  process.exit(1)
}
const scope = args.includes('--all') || split === 'tune-wide' ? 'all' : 'demo'
const database = await openDatabase({
  dataDir: path.join(projectRoot(), 'bench', 'results', `eval-${scope}`),
})
const db = database.db
const vocab = await vocabulary(db)
const wantedBy = await answerKeys(db)
const identifierOf = new Map([...vocab.documents].map(([id, d]) => [d.identifier, id]))

const classes = new Map<string, number>()
const questions = loadQuestions().filter((q) => q.split === split)
for (const q of questions) {
  const wanted = wantedBy(q)
  const hits = await searchCorpus(db, { q: q.question, limit: 50 })
  const rank = hits.findIndex((h) => wanted.has(passageKey(h)))
  if (rank >= 0 && rank < 5) continue
  // The answer's norms as search shows them (a hidden duplicate answers with its copy's norm).
  const wantDocs = new Set([...wanted].map((k) => k.slice(0, k.indexOf('#'))))
  const query = analyzeQuery(q.question, vocab.titles)
  const concepts = query.units.length ? await queryConcepts(db, query.units, vocab) : []
  const rq = rankQuery(
    concepts,
    query.units.length,
    query.units.flatMap((u, k) => (u.user.length ? [k] : [])),
  )
  const norms = await chooseNorms(db, rq, vocab, {}, askingUnits(query.folded, query.units))
  const ranked = [...norms.fit.keys()]
  const normRank = Math.min(
    ...[...wantDocs].map((d) => {
      const i = ranked.indexOf(identifierOf.get(d) ?? -1)
      return i < 0 ? 99 : i
    }),
  )
  const mentioned = [...wantDocs].some((d) => query.mention?.identifiers.includes(d))
  const inTop5 = hits.slice(0, 5).some((h) => wantDocs.has(h.identifier))
  const cls = inTop5 ? 'otro-articulo' : normRank < 5 || mentioned ? 'norma-elegida' : 'norma-fuera'
  const described = [...wantDocs].some((d) => existsSync(path.join(descriptorsDir(), `${d}.jsonl`)))
  const key = `${cls} ${described ? 'con-descriptores' : 'solo-norma'}`
  classes.set(key, (classes.get(key) ?? 0) + 1)
  if (args.includes('--list'))
    console.log(
      `${q.id} ${key} norma#${normRank < 99 ? normRank + 1 : '-'}${mentioned ? ' (nombrada)' : ''} rango ${rank < 0 ? '-' : rank + 1} · ${q.question}\n   esperado ${q.answers.map((a) => `${a.identifier}#${a.article}`).join(' ')}\n   obtenido ${hits
        .slice(0, 4)
        .map((h) => `${h.identifier}#${h.number}`)
        .join(' ')}\n   normas   ${ranked
        .slice(0, 5)
        .map((id) => `${vocab.documents.get(id)?.identifier}:${norms.fit.get(id)?.toFixed(2)}`)
        .join(' ')}`,
    )
}
console.log(`\n${questions.length} preguntas (${split}); fallos por clase:`)
for (const [k, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(36)} ${n}`)
await database.close()
