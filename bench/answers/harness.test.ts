import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AgentAnswer } from '../../src/server/agents/gateway/types'
import { ingestCorpus } from '../../src/server/corpus/ingest/ingest'
import { searchCorpus } from '../../src/server/corpus/search/search'
import type { FakeServer } from '../../src/server/test/fake-http'
import {
  type ChatRequest,
  type FakeLlmReply,
  fakeLlmSettings,
  startScriptedLlm,
} from '../../src/server/test/fake-llm'
import { createTestApp, type TestApp } from '../../src/server/test/harness'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../src/server/test/requirements'
import type { Question } from '../retrieval/questions'
import {
  type AnswerEval,
  type Ask,
  quantile,
  researchAsker,
  runAnswerEval,
  unmappedCitations,
} from './harness'

const SHARED = SHARED_CORPUS

/** A tiny invented fixture over the Constitution alone: two questions on one article, two messages out of scope. */
const QUESTIONS: Question[] = [
  {
    id: 'f1',
    question: 'cuánto dura el mandato presidencial',
    answers: [{ identifier: 'CON-1993', article: '112' }],
    style: 'plano',
    topic: 'estado',
    split: 'tune',
  },
  {
    id: 'f2',
    question: 'oye y el presi cuántos años se queda',
    answers: [{ identifier: 'CON-1993', article: '112' }],
    style: 'coloquial',
    topic: 'estado',
    split: 'holdout',
  },
]
const OUT_OF_SCOPE = [
  // A legal question the one norm ingested does not answer: the model is asked.
  { id: 'x1', message: 'cuánto cuesta registrar mi marca de cerveza artesanal', kind: 'fuera-del-corpus' },
  // Conversation alone, and a chat line (legal-intent.ts): answered without calling the model.
  { id: 'x2', message: '¡Hola!', kind: 'saludo' },
  { id: 'x3', message: 'receta de ceviche con leche de tigre', kind: 'no-juridico' },
]
/** The messages the model is asked: the two questions and the one out of the corpus. */
const MODEL_CALLS = 3
const wantedBy = (q: Question) => new Set(q.answers.map((a) => `${a.identifier}#${a.article}`))

describe.skipIf(missing(sharedCorpus()))('eval:answers harness against a fake model', () => {
  let t: TestApp
  let llm: FakeServer | undefined
  let extractive: AnswerEval
  beforeAll(async () => {
    t = await createTestApp('pglite')
    const summary = await ingestCorpus(t.db, {
      corpusDir: SHARED,
      selection: { kind: 'paths', paths: ['legalize-pe/pe/CON-1993.md'] },
    })
    expect(summary.failed).toEqual([])
    extractive = await evaluate(researchAsker({ db: t.db, llm: null }))
  }, 180_000)
  afterEach(async () => {
    await llm?.close()
    llm = undefined
  })
  afterAll(async () => {
    await t?.close()
  })

  const evaluate = (ask: Ask, concurrency = 1) =>
    runAnswerEval({
      db: t.db,
      ask,
      questions: QUESTIONS,
      wantedBy,
      outOfScope: OUT_OF_SCOPE,
      labelled: [],
      uuidOf: () => null,
      concurrency,
    })
  const withModel = async (script: (r: ChatRequest) => FakeLlmReply, timeoutMs = 5000, concurrency = 1) => {
    llm = await startScriptedLlm(script)
    return evaluate(researchAsker({ db: t.db, llm: fakeLlmSettings(llm.url, { timeoutMs }) }), concurrency)
  }

  it('scores a model that cites the first candidate it was given, out-of-scope messages included', async () => {
    const r = await withModel(() => ({ stream: ['Lo dice la fuente ', '[1].'] }))
    expect(llm!.requests).toHaveLength(MODEL_CALLS)
    // Search's first norm for each question decides whether citing [1] cites the expected article.
    for (const q of QUESTIONS) {
      const [best] = await searchCorpus(t.db, { q: q.question, type: 'norma', country: 'PE', limit: 5 })
      const firstIsExpected = `${best!.identifier}#${best!.number}` === 'CON-1993#112'
      const part = r.parts.get(q.split)!
      // The agent keeps only the sources the model cites: one norm.
      expect(part).toMatchObject({
        n: 1,
        cites: +firstIsExpected,
        first: +firstIsExpected,
        abst: 0,
        citations: 1,
      })
    }
    // The model answered the trademark question with a source: charged, not silent. The greeting and the recipe
    // never reached it.
    expect(r.outOfScope.get('fuera-del-corpus')).toEqual({ n: 1, silent: 0, charged: 1 })
    expect(r.outOfScope.get('saludo')).toEqual({ n: 1, silent: 1, charged: 0 })
    expect(r.outOfScope.get('no-juridico')).toEqual({ n: 1, silent: 1, charged: 0 })
    expect(r.model).toMatchObject({
      answers: QUESTIONS.length + OUT_OF_SCOPE.length,
      fallbacks: { no_citation: 0, invented_number: 0, error: 0, silence: 0 },
      unmapped: 0,
    })
  })

  it('counts a model that cites nothing as a fallback each time, and scores the extractive answers given instead', async () => {
    const r = await withModel(() => ({ stream: ['El mandato dura lo que dice la Constitución.'] }))
    expect(r.model.fallbacks).toEqual({ no_citation: MODEL_CALLS, invented_number: 0, error: 0, silence: 0 })
    expect(r.parts).toEqual(extractive.parts)
    expect(r.outOfScope).toEqual(extractive.outOfScope)
  })

  it('counts a model that states a number its sources do not hold', async () => {
    const r = await withModel(() => ({ stream: ['El plazo es de 987 días ', '[1].'] }))
    expect(r.model.fallbacks).toEqual({ no_citation: 0, invented_number: MODEL_CALLS, error: 0, silence: 0 })
    expect(r.parts).toEqual(extractive.parts)
  })

  it('tells a failing model from a silent one', async () => {
    const failing = await withModel(() => ({ status: 500 }))
    expect(failing.model.fallbacks).toMatchObject({ error: MODEL_CALLS, silence: 0 })
    await llm!.close()
    const silent = await withModel(() => ({ hang: true }), 1000, MODEL_CALLS)
    expect(silent.model.fallbacks).toMatchObject({ error: 0, silence: MODEL_CALLS })
    expect(silent.parts).toEqual(extractive.parts)
  })

  it('finds no unmapped citation when the model cites a source it was not given (the agent drops it)', async () => {
    const r = await withModel((req) => ({
      stream: [`Lo dice la fuente [1] y la [${req.sources.size + 7}].`],
    }))
    expect(r.model.unmapped).toBe(0)
    expect(r.model.fallbacks.no_citation).toBe(0)
  })

  it('times each answer and asks at most `concurrency` questions at once', async () => {
    let inFlight = 0
    let most = 0
    llm = await startScriptedLlm(() => ({ stream: ['Lo dice ', 'la fuente ', '[1].'], delayMs: 150 }))
    const ask = researchAsker({ db: t.db, llm: fakeLlmSettings(llm.url) })
    const r = await evaluate(async (message) => {
      most = Math.max(most, ++inFlight)
      try {
        return await ask(message)
      } finally {
        inFlight--
      }
    }, 2)
    expect(most).toBe(2)
    // Three pieces, each after 150 ms: a model answer takes at least 450 ms; 3 of the 5 answers are the model's.
    expect(r.model.latency.median).toBeGreaterThanOrEqual(450)
    expect(r.model.latency.p95).toBeGreaterThanOrEqual(r.model.latency.median)
  })
})

describe('the harness’ counters', () => {
  const answer = (text: string, norms: number, rulings = 0): AgentAnswer => ({
    answer: text,
    historyId: 1,
    skipCreditDeduction: false,
    state: 'answered',
    contextLeyes: Array.from({ length: norms }, () => ({}) as AgentAnswer['contextLeyes'][number]),
    contextSentencias: Array.from(
      { length: rulings },
      () => ({}) as AgentAnswer['contextSentencias'][number],
    ),
  })

  it('counts citations past the sources returned, norms and rulings together', () => {
    expect(unmappedCitations(answer('a [1], b [2, 3] y c [4].', 2, 1))).toBe(1)
    expect(unmappedCitations(answer('a [1] y b [2].', 1, 1))).toBe(0)
    expect(unmappedCitations(answer('sin fuentes [1].', 0))).toBe(1)
  })

  it('takes the median and p95 by nearest rank', () => {
    const sorted = Array.from({ length: 20 }, (_, i) => i + 1)
    expect(quantile(sorted, 0.5)).toBe(10)
    expect(quantile(sorted, 0.95)).toBe(19)
    expect(quantile([7], 0.95)).toBe(7)
    expect(quantile([], 0.5)).toBe(0)
  })
})
