import path from 'node:path'
import { chooseNorms } from '../../src/server/corpus/search/norm-stage'
import { RANK } from '../../src/server/corpus/search/rank'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { openDatabase } from '../../src/server/db/client'
import { projectRoot } from '../../src/server/lib/project-root'
import { answerKeys, loadQuestions, passageKey } from './questions'

void chooseNorms
RANK.normFit = Number(process.env.NF ?? RANK.normFit)
const split = process.argv[2] ?? 'tune-wide'
const database = await openDatabase({ dataDir: path.join(projectRoot(), 'bench', 'results', 'eval-all') })
const wantedBy = await answerKeys(database.db)
for (const q of loadQuestions().filter((x) => x.split === split)) {
  const wanted = wantedBy(q)
  const hits = await searchCorpus(database.db, { q: q.question, limit: 10 })
  const rank = hits.findIndex((h) => wanted.has(passageKey(h)))
  if (rank >= 0 && rank < 5) continue
  const wantDocs = new Set(q.answers.map((a) => a.identifier))
  const normRight = hits.slice(0, 5).some((h) => wantDocs.has(h.identifier))
  console.log(
    `${q.id} ${normRight ? 'NORM-OK' : 'NORM-MISS'} ${q.question}\n   want ${q.answers.map((a) => `${a.identifier}#${a.article}`).join(' ')} rank ${rank}\n   got  ${hits
      .slice(0, 4)
      .map((h) => `${h.identifier}#${h.number}`)
      .join(' ')}`,
  )
}
await database.close()
