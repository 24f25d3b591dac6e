// The answer-level evaluation's core (issue 16): asks the builtin research agent every question and scores what it
// answered. eval.ts is its command line; harness.test.ts runs it against a fake model. Nothing here prints.
import type { AgentAnswer } from '../../src/server/agents/gateway/types'
import { searchCorpus } from '../../src/server/corpus/search/search'
import type { Db } from '../../src/server/db/client'
import { citedNumbers } from '../../src/server/research/citations'
import type { LlmFallback } from '../../src/server/research/llm-answer'
import type { LlmSettings } from '../../src/server/research/llm-client'
import { createResearchAgent } from '../../src/server/research/research-agent'
import { researchScope } from '../../src/server/research/scopes'
import { createLogger } from '../../src/shared/logger'
import type { SourceItem } from '../../src/shared/search-schemas'
import { passageKey, type Question, UNSEEN_SPLITS } from '../retrieval/questions'
import {
  type RulingsConcernSummary,
  type RulingsLabelledItem,
  scoreRulings,
  summarizeRulings,
} from './rulings-concern'

/** One answer as the harness sees it: what the agent returned, how long it took, and why a model gave way. */
export type Asked = {
  answer: AgentAnswer
  ms: number
  /** Set when the model's answer was replaced by the extractive one (the agent's warning says why). */
  fallback: LlmFallback | null
}
export type Ask = (message: string) => Promise<Asked>

/**
 * Asks the builtin 'Lexia General' agent in-process: extractive when `llm` is null, else through the model. Why a
 * model answer gave way is read from the agent's own warning (its `fallback` field), matched to the answer by the
 * run's historyId — each question gets its own, so answers asked at the same time are told apart.
 */
export function researchAsker(deps: { db: Db; llm: LlmSettings | null; fetch?: typeof fetch }): Ask {
  const fallbacks = new Map<unknown, LlmFallback>()
  const logger = createLogger({
    level: 'WARN',
    sinks: [
      (e) => {
        const why = e.metadata?.fallback
        if (typeof why === 'string') fallbacks.set(e.metadata?.historyId, why as LlmFallback)
      },
    ],
  })
  const agent = createResearchAgent({ db: deps.db, logger, llm: deps.llm, fetch: deps.fetch })
  const general = researchScope('general')!
  let next = 0
  return async (message) => {
    const historyId = ++next
    const started = performance.now()
    const answer = await agent.run(general, {
      agent: { id: 'general', name: 'Lexia General', url: 'builtin:general', credits: 1 },
      sessionId: 'eval',
      historyId,
      userId: 'eval',
      userInput: message,
      countryCode: 'PE',
      signal: new AbortController().signal,
      onPartial: () => {},
    })
    const ms = performance.now() - started
    const fallback = fallbacks.get(historyId) ?? null
    fallbacks.delete(historyId)
    return { answer, ms, fallback }
  }
}

/** `fn` over `items`, at most `limit` at a time; the results in the items' order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return out
}

/** Citations in the answer's text that name no source it returned: [n] past its norms and rulings. Must be 0. */
export function unmappedCitations(a: AgentAnswer): number {
  const sources = a.contextLeyes.length + a.contextSentencias.length
  return citedNumbers(a.answer).filter((n) => n < 1 || n > sources).length
}

/** Abstained as an answer to something the corpus cannot answer must: no source at all, and no charge. */
export const silent = (a: AgentAnswer) =>
  !a.contextLeyes.length && !a.contextSentencias.length && a.skipCreditDeduction

const keyOf = (s: SourceItem) => passageKey({ identifier: s.identifier ?? '', number: s.number ?? null })

export type Part = {
  n: number
  cites: number
  first: number
  falseAbst: number
  abst: number
  r1: number
  r5: number
  /** Norms cited, over every answer: how long the answers are (per answer that cites, `citations / (n - abst)`). */
  citations: number
}
export const emptyPart = (): Part => ({
  n: 0,
  cites: 0,
  first: 0,
  falseAbst: 0,
  abst: 0,
  r1: 0,
  r5: 0,
  citations: 0,
})

export type OutOfScope = { id: string; message: string; kind: string }
export type OutOfScopeCount = { n: number; silent: number; charged: number }

/** The counts of every kind added up. */
export function countTotal(byKind: ReadonlyMap<string, OutOfScopeCount>): OutOfScopeCount {
  const total = { n: 0, silent: 0, charged: 0 }
  for (const k of byKind.values()) {
    total.n += k.n
    total.silent += k.silent
    total.charged += k.charged
  }
  return total
}

/** What a model did over every answer of a run (all zero on the extractive path). */
export type ModelFigures = {
  answers: number
  fallbacks: Record<LlmFallback, number>
  /** Citations naming no returned source, over all answers. */
  unmapped: number
  /** Per answer, in milliseconds. */
  latency: { median: number; p95: number }
}

/** The value below which `q` of the sorted values lie (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

/** Keeps every answer's model figures as the run goes. */
export function modelTally() {
  const times: number[] = []
  const fallbacks: Record<LlmFallback, number> = { no_citation: 0, invented_number: 0, error: 0, silence: 0 }
  let unmapped = 0
  return {
    add(a: Asked) {
      times.push(a.ms)
      if (a.fallback) fallbacks[a.fallback]++
      unmapped += unmappedCitations(a.answer)
    },
    figures(): ModelFigures {
      const sorted = [...times].sort((x, y) => x - y)
      return {
        answers: times.length,
        fallbacks: { ...fallbacks },
        unmapped,
        latency: { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) },
      }
    },
  }
}

export type Tally = ReturnType<typeof modelTally>

/**
 * Per split: whether the answer cites an expected article, whether its first citation is one, abstentions (false
 * ones: search's top 5 held the answer), beside search's recall@1/@5 on the same question. `misses` collects the
 * questions of the seen splits whose answer missed (the unseen ones are counted, never listed).
 */
export async function measureQuestions(args: {
  db: Db
  ask: Ask
  questions: readonly Question[]
  wantedBy: (q: Question) => Set<string>
  concurrency?: number
  tally?: Tally
  misses?: string[]
}): Promise<Map<string, Part>> {
  const rows = await mapLimited(args.questions, args.concurrency ?? 1, async (q) => {
    const hits = await searchCorpus(args.db, { q: q.question, limit: 10 })
    const wanted = args.wantedBy(q)
    return {
      q,
      wanted,
      rank: hits.findIndex((h) => wanted.has(passageKey(h))),
      asked: await args.ask(q.question),
    }
  })
  const parts = new Map<string, Part>()
  for (const { q, wanted, rank, asked } of rows) {
    args.tally?.add(asked)
    const cited = asked.answer.contextLeyes.map(keyOf)
    const p = parts.get(q.split) ?? emptyPart()
    parts.set(q.split, p)
    p.n++
    if (rank === 0) p.r1++
    if (rank >= 0 && rank < 5) p.r5++
    const cites = cited.some((k) => wanted.has(k))
    if (cites) p.cites++
    p.citations += cited.length
    if (cited[0] && wanted.has(cited[0])) p.first++
    if (!cited.length) p.abst++
    if (!cited.length && rank >= 0 && rank < 5) p.falseAbst++
    if (args.misses && !cites && !UNSEEN_SPLITS.has(q.split))
      args.misses.push(
        `${q.id} [${q.split}] ${q.question}\n    esperado: ${q.answers.map((x) => `${x.identifier} art. ${x.article}`).join(' | ')} (búsqueda: ${rank < 0 ? '-' : rank + 1})\n    citado: ${cited.slice(0, 3).join(' | ') || '(se abstuvo)'}`,
      )
  }
  return parts
}

/**
 * Per kind of message: how many abstain with no source and no charge, and how many were charged. `misses` collects
 * the ones that did not, for the out-of-scope calibration set only (out-of-scope.json, like the tune part; the fresh
 * set is counted, never listed); `abstained` the ones that did, for the legal calibration set (legal-calibration.ts).
 */
export async function measureOutOfScope(args: {
  ask: Ask
  messages: readonly OutOfScope[]
  concurrency?: number
  tally?: Tally
  misses?: string[]
  abstained?: string[]
}): Promise<Map<string, OutOfScopeCount>> {
  const asked = await mapLimited(args.messages, args.concurrency ?? 1, (o) => args.ask(o.message))
  const byKind = new Map<string, OutOfScopeCount>()
  for (const [i, o] of args.messages.entries()) {
    const a = asked[i]!
    args.tally?.add(a)
    const k = byKind.get(o.kind) ?? { n: 0, silent: 0, charged: 0 }
    byKind.set(o.kind, k)
    k.n++
    if (silent(a.answer)) k.silent++
    if (silent(a.answer)) args.abstained?.push(`${o.id} · ${o.message}`)
    if (!a.answer.skipCreditDeduction) k.charged++
    if (args.misses && !silent(a.answer)) {
      const cited = [...a.answer.contextLeyes, ...a.answer.contextSentencias].map(keyOf).slice(0, 3)
      args.misses.push(
        `${o.id} [${o.kind}] ${o.message}\n    citado: ${cited.join(' | ')} (${a.answer.state})`,
      )
    }
  }
  return byKind
}

/** The attached rulings that concern the question, matched by record uuid (a case number can name two records). */
export async function measureRulings(args: {
  ask: Ask
  labelled: readonly RulingsLabelledItem[]
  uuidOf: (identifier: string) => string | null
  concurrency?: number
  tally?: Tally
}): Promise<RulingsConcernSummary> {
  const asked = await mapLimited(args.labelled, args.concurrency ?? 1, (item) => args.ask(item.question))
  const counts = args.labelled.map((item, i) => {
    const a = asked[i]!
    args.tally?.add(a)
    return scoreRulings(
      item,
      a.answer.contextSentencias.map((r) => ({ nroexp: '', uuid: args.uuidOf(r.identifier ?? '') })),
    )
  })
  return summarizeRulings(counts)
}

export type AnswerEval = {
  parts: Map<string, Part>
  outOfScope: Map<string, OutOfScopeCount>
  /** The fresh out-of-scope set (out-of-scope-fresh.json): written after the gate was calibrated, never tuned on. */
  outOfScopeFresh: Map<string, OutOfScopeCount>
  rulings: RulingsConcernSummary
  model: ModelFigures
  misses: string[]
}

/** The whole evaluation: the questions' parts, the out-of-scope set, the labelled rulings, and the model's figures. */
export async function runAnswerEval(args: {
  db: Db
  ask: Ask
  questions: readonly Question[]
  wantedBy: (q: Question) => Set<string>
  outOfScope: readonly OutOfScope[]
  outOfScopeFresh?: readonly OutOfScope[]
  labelled: readonly RulingsLabelledItem[]
  uuidOf: (identifier: string) => string | null
  concurrency?: number
  listMisses?: boolean
}): Promise<AnswerEval> {
  const tally = modelTally()
  const misses: string[] = []
  const common = { ask: args.ask, concurrency: args.concurrency, tally }
  const parts = await measureQuestions({
    ...common,
    db: args.db,
    questions: args.questions,
    wantedBy: args.wantedBy,
    misses: args.listMisses ? misses : undefined,
  })
  const outOfScope = await measureOutOfScope({
    ...common,
    messages: args.outOfScope,
    misses: args.listMisses ? misses : undefined,
  })
  const outOfScopeFresh = await measureOutOfScope({ ...common, messages: args.outOfScopeFresh ?? [] })
  const rulings = await measureRulings({ ...common, labelled: args.labelled, uuidOf: args.uuidOf })
  return { parts, outOfScope, outOfScopeFresh, rulings, model: tally.figures(), misses }
}
