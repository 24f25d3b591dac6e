// npm run eval:explain -- q008 [q011 …] | "una pregunta" [--all]
// Why the engine ranks as it does for some tuning questions: the query's ideas and concepts, the top hits with
// their scores, and where each expected article stands and what it matched. Reads the demo index the eval built.
// An expected article's score has every prior of the ranking but the sections' vote, which depends on the others.
import { sql } from 'drizzle-orm'
import { askingUnits } from '../../src/server/corpus/search/answer-type'
import { exactCounts, identifierMatches } from '../../src/server/corpus/search/candidates'
import { queryConcepts } from '../../src/server/corpus/search/concepts'
import { chooseNorms } from '../../src/server/corpus/search/norm-stage'
import { analyzeQuery } from '../../src/server/corpus/search/query'
import { type Candidate, rankQuery, scoreCandidate } from '../../src/server/corpus/search/rank'
import { searchCorpus } from '../../src/server/corpus/search/search'
import { vocabulary } from '../../src/server/corpus/search/vocabulary'
import { queryRows } from '../../src/server/db/query'
import { evalIndexDir, openBuiltIndex } from './eval-index'
import { loadQuestions, UNSEEN_SPLITS } from './questions'

const scope = process.argv.includes('--all') ? 'all' : 'demo'
const asked = process.argv.slice(2).filter((a) => a !== '--all')
const questions = loadQuestions()
const database = await openBuiltIndex(evalIndexDir(scope))
const db = database.db
const vocab = await vocabulary(db)

for (const a of asked) {
  const q = questions.find((x) => x.id === a) ?? { id: '-', question: a, answers: [], split: '-' }
  // The judge part is never looked into (README.md).
  if (UNSEEN_SPLITS.has(q.split)) {
    console.log(`\n${a}: es de la parte ${q.split}, que no se explica`)
    continue
  }
  const query = analyzeQuery(q.question)
  const concepts = await queryConcepts(db, query.units, vocab)
  const rq = rankQuery(
    concepts,
    query.units.length,
    query.units.flatMap((u, k) => (u.user.length ? [k] : [])),
  )
  console.log(`\n${q.id}: ${q.question}`)
  console.log(
    `  dominios: ${query.domains.join(', ') || '-'}   mención: ${query.mention?.identifiers ?? '-'}`,
  )
  for (const [k, u] of query.units.entries())
    console.log(
      `  idea ${k} (${rq.importance[k]?.toFixed(2)}): ${u.user.join(' ')} + [${u.added.join(' ')}] → ${concepts
        .filter((c) => c.units.includes(k))
        .map(
          (c) =>
            `${[...c.members].map(([m, w]) => (w < 1 ? `${m}~${w}` : m)).join('|')} w${c.weight} idf${c.idf.toFixed(1)}`,
        )
        .join(', ')}`,
    )
  // The norm-level stage's choice (norm-stage.ts), as the search makes it.
  const norms = await chooseNorms(db, rq, vocab, {}, askingUnits(query.folded, query.units))
  console.log(
    `  normas: ${[...norms.fit]
      .slice(0, 8)
      .map(([id, fit]) => `${vocab.documents.get(id)?.identifier} ${fit.toFixed(2)}`)
      .join(' · ')}`,
  )
  const hits = await searchCorpus(db, { q: q.question, limit: 10 })
  for (const [i, h] of hits.entries())
    console.log(`  ${i + 1}. ${h.score.toFixed(2)} ${h.identifier} ${h.label} — ${h.heading ?? ''}`)
  for (const ans of q.answers) {
    const rows = await queryRows<Candidate & { heading: string | null; path: string }>(
      db,
      sql`select p.id, p.document_id as "documentId", p.kind, octet_length(p.content) as length, d.priority,
            d.status, 0 as cited, p.heading, p.path
          from corpus_passages p join corpus_documents d on d.id = p.document_id
          where d.identifier = ${ans.identifier} and p.number = ${ans.article} and p.kind = 'articulo'`,
    )
    for (const r of rows) {
      const stems = [...new Set(concepts.flatMap((c) => [...c.members.keys()]))]
      const matches = (await exactCounts(db, [r.id], stems)).get(r.id)?.matches ?? new Map()
      const c: Candidate = {
        ...r,
        cited: vocab.documents.get(r.documentId)?.cited ?? 0,
        matches,
        mentioned: identifierMatches(ans.identifier, query.mention?.identifiers ?? []),
        inDomain: identifierMatches(ans.identifier, query.domains),
        normFit: norms.fit.get(r.documentId) ?? 0,
        normCover: norms.covers.get(r.documentId),
        opening: vocab.openings.get(r.id) ?? 0,
      }
      const rank = hits.findIndex((h) => h.passageId === r.id)
      console.log(
        `  esperado ${ans.identifier} art. ${ans.article} (${r.heading ?? ''}; ${r.path}) rango ${rank < 0 ? '-' : rank + 1} puntaje ${scoreCandidate(c, rq, { meanLength: vocab.meanLength }).toFixed(2)} · ${[
          ...matches,
        ]
          .map(([s, m]) => `${s}:${m.a}/${m.b}/${m.c}${m.d ? `/d${m.d}` : ''}`)
          .join(' ')}`,
      )
    }
  }
}
await database.close()
