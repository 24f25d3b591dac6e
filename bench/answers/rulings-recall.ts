// npm run eval:rulings -- [--candidates N]
// Where the rulings that concern a labelled question are lost on their way to the answer (issue 16, item 4):
// never proposed by search (or below its floor), of another area of law, refused by the subject decision, or past
// the cap of rulings per answer; and how many the decision would accept that do not concern the question. Counts
// only: the labelled questions are evaluation data and are never printed. `--candidates N` proposes N rulings per
// question instead of the answer's own number, to see what a wider search would bring.

import { questionIdeas } from '../../src/server/research/relevance'
import { findNorms, judgeRulings, MAX_RULINGS, rulingCandidates } from '../../src/server/research/retrieve'
import { researchScope } from '../../src/server/research/scopes'
import { openEvalIndex } from '../retrieval/eval-index'
import { rulingUuids } from './ruling-uuids'
import { loadRulingsLabelled } from './rulings-concern'

const args = process.argv.slice(2)
const features = args.includes('--features')
const limitArg = args.includes('--candidates') ? Number(args[args.indexOf('--candidates') + 1]) : undefined
const { database, corpusDir } = await openEvalIndex(args)
const db = database.db
const uuidOf = rulingUuids(corpusDir)
const general = researchScope('general')!

const lost = { notProposed: 0, otherArea: 0, refused: 0, pastCap: 0, attached: 0 }
const wrong = { labelledNot: 0, unlabelled: 0 }
let concernTotal = 0
const rows: string[] = []
for (const item of loadRulingsLabelled()) {
  const ideas = await questionIdeas(db, item.question)
  const norms = await findNorms(db, general, item.question, 'PE')
  const candidates = await rulingCandidates(db, general, item.question, 'PE', limitArg)
  const judged = await judgeRulings(db, candidates, item.question, 'PE', ideas, norms)
  const concern = new Set(item.concern_uuid ?? [])
  const not = new Set(item.not_uuid ?? [])
  concernTotal += concern.size
  const seen = new Set<string>()
  let kept = 0
  for (const j of judged) {
    const uuid = uuidOf.get(j.hit.identifier)
    if (!uuid || seen.has(uuid)) continue
    seen.add(uuid)
    const accepted = j.concerns
    if (features) {
      const e = j.evidence
      const label = concern.has(uuid) ? 'C' : not.has(uuid) ? 'N' : '-'
      const r = (x: number) => (e.totalWeight ? x / e.totalWeight : 0).toFixed(2)
      rows.push(
        `${label} ${accepted ? 'A' : '.'} area=${+j.sameArea} art=${+e.citesArticle} issue=${r(e.issueWeight)} rest=${r(e.restWeight)} rank=${judged.indexOf(j)}`,
      )
    }
    if (accepted) kept++
    if (concern.has(uuid)) {
      if (!j.sameArea) lost.otherArea++
      else if (!accepted) lost.refused++
      else if (kept > MAX_RULINGS) lost.pastCap++
      else lost.attached++
    } else if (accepted && kept <= MAX_RULINGS) {
      if (not.has(uuid)) wrong.labelledNot++
      else wrong.unlabelled++
    }
  }
  lost.notProposed += [...concern].filter((u) => !seen.has(u)).length
}
console.log(`Sentencias que conciernen a las preguntas etiquetadas: ${concernTotal}`)
console.log(
  `  adjuntadas ${lost.attached} · no propuestas por la búsqueda ${lost.notProposed} · de otra área ${lost.otherArea}` +
    ` · rechazadas por la regla ${lost.refused} · pasado el tope de ${MAX_RULINGS} ${lost.pastCap}`,
)
console.log(
  `Adjuntadas que no conciernen: ${wrong.labelledNot} negativas etiquetadas, ${wrong.unlabelled} sin etiqueta`,
)
if (features) console.log(rows.sort().join('\n'))
await database.close()
