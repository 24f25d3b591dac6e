// Whether the rulings an answer attaches concern its question (issue 16, item 4): pure scoring over
// rulings-labelled.json, as `eval:answers` prints them.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { projectRoot } from '../../src/server/lib/project-root'

/**
 * One labelled question. `concern` / `not` hold metadata.json's `nroexp`; `concern_uuid` / `not_uuid` the records'
 * uuids in the same order. A case number can be shared by two records (rulings-labelled.NOTE.md), so a ruling is
 * matched by its uuid whenever the item gives uuids, and by nroexp only otherwise.
 */
export const rulingsLabelledItem = z.object({
  id: z.string(),
  question: z.string(),
  concern: z.array(z.string()),
  not: z.array(z.string()),
  why: z.string().optional(),
  concern_uuid: z.array(z.string()).optional(),
  not_uuid: z.array(z.string()).optional(),
})
export type RulingsLabelledItem = z.infer<typeof rulingsLabelledItem>

/** A ruling an answer attached, named as the labels name it. */
export type AttachedRuling = { nroexp: string; uuid: string | null }

export type RulingsConcernCounts = {
  /** Rulings attached. */
  attached: number
  /** Of them, labelled as concerning the question. */
  concern: number
  /** Of them, labelled as not concerning it (a hard negative). */
  labelledNot: number
  /** Of them, in neither list: every record that concerns a question is in `concern`, so these do not. */
  unlabelled: number
  /** Rulings labelled as concerning the question (what could have been attached). */
  concernTotal: number
}

function matcher(ids: string[], uuids: string[] | undefined) {
  const byUuid = new Set(uuids ?? [])
  const byNroexp = new Set(ids)
  return (r: AttachedRuling) => (uuids && r.uuid ? byUuid.has(r.uuid) : byNroexp.has(r.nroexp))
}

/** One question's counts: which of the attached rulings concern it. */
export function scoreRulings(item: RulingsLabelledItem, attached: AttachedRuling[]): RulingsConcernCounts {
  const concerns = matcher(item.concern, item.concern_uuid)
  const isNot = matcher(item.not, item.not_uuid)
  const counts: RulingsConcernCounts = {
    attached: attached.length,
    concern: 0,
    labelledNot: 0,
    unlabelled: 0,
    concernTotal: item.concern.length,
  }
  for (const r of attached) {
    if (concerns(r)) counts.concern++
    else if (isNot(r)) counts.labelledNot++
    else counts.unlabelled++
  }
  return counts
}

export type RulingsConcernSummary = RulingsConcernCounts & {
  questions: number
  /** Questions with at least one ruling attached. */
  answeredWithRulings: number
  /** Questions with a concerning ruling attached, among those that have one to attach. */
  withConcern: number
  withConcernPossible: number
  /** concern / attached; 1 when nothing was attached (nothing off-subject was shown). */
  share: number
}

export function summarizeRulings(all: RulingsConcernCounts[]): RulingsConcernSummary {
  const sum = (f: (c: RulingsConcernCounts) => number) => all.reduce((a, c) => a + f(c), 0)
  const attached = sum((c) => c.attached)
  const concern = sum((c) => c.concern)
  return {
    questions: all.length,
    attached,
    concern,
    labelledNot: sum((c) => c.labelledNot),
    unlabelled: sum((c) => c.unlabelled),
    concernTotal: sum((c) => c.concernTotal),
    answeredWithRulings: all.filter((c) => c.attached > 0).length,
    withConcern: all.filter((c) => c.concern > 0).length,
    withConcernPossible: all.filter((c) => c.concernTotal > 0).length,
    share: attached ? concern / attached : 1,
  }
}

export function formatRulingsSummary(s: RulingsConcernSummary): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`
  return [
    `Sentencias adjuntas que conciernen a la pregunta: ${s.concern}/${s.attached} = ${pct(s.share)}`,
    `  de las demás: ${s.labelledNot} negativas etiquetadas, ${s.unlabelled} sin etiqueta`,
    `Sentencias pertinentes adjuntadas: ${s.concern} de ${s.concernTotal}; preguntas con alguna: ${s.withConcern} de ${s.withConcernPossible}`,
    `Preguntas con sentencias adjuntas: ${s.answeredWithRulings} de ${s.questions}`,
  ].join('\n')
}

export function loadRulingsLabelled(
  file = path.join(projectRoot(), 'bench/answers/rulings-labelled.json'),
): RulingsLabelledItem[] {
  return z.array(rulingsLabelledItem).parse(JSON.parse(readFileSync(file, 'utf8')))
}
