import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentResponseSchema } from '../../shared/consultation-schemas'
import { consultations } from '../consultations/schema'
import { ingestCorpus } from '../corpus/ingest/ingest'
import { creditLedger } from '../credits/schema'
import type { FakeServer } from '../test/fake-http'
import { type ChatRequest, type FakeLlmReply, sourceNumber, startScriptedLlm } from '../test/fake-llm'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { missing, SHARED_CORPUS, sharedCorpus } from '../test/requirements'
import { signedInPerson, type TestPerson } from '../test/users'
import { LEGAL_NOTE } from './messages'

const SHARED = SHARED_CORPUS

const CUT = 'cuánto dura el mandato presidencial'
const SLOW = 'duración del mandato presidencial'
const NOT_ANSWERED = 'cuánto cuesta registrar mi marca de cerveza artesanal'
const SLOW_PIECES = ['El mandato ', 'presidencial ', 'es de ', 'cinco años ', '[1].']

/** The model as each question scripts it: cut mid-answer, slow but steady, or 'the sources do not answer'. */
function script(request: ChatRequest): FakeLlmReply {
  if (request.question === CUT) return { stream: ['El mandato ', 'presidencial ', 'dura'], cutAfter: 2 }
  if (request.question === SLOW) {
    const n = sourceNumber(request, 'Constitución Política del Perú, Artículo 112')!
    return { stream: SLOW_PIECES.map((p) => p.replace('[1]', `[${n}]`)), delayMs: 350 }
  }
  return { stream: ['SIN_RESPUESTA'] }
}

/** The whole path with the real gateway and a model server: what the person gets, and what it costs them. */
describe.skipIf(missing(sharedCorpus())).each(BACKENDS)(
  'answers with an LLM through the endpoint on %s',
  (backend) => {
    let t: TestApp
    let llm: FakeServer
    let ana: TestPerson
    let n = 0
    beforeAll(async () => {
      llm = await startScriptedLlm(script)
      t = await createTestApp(backend, {
        LLM_BASE_URL: `${llm.url}/v1`,
        LLM_MODEL: 'modelo-falso',
        // Shorter than the slow model's whole answer, longer than any gap in it.
        LLM_TIMEOUT_MS: '1000',
        AGENT_TIMEOUT_MS: '10000',
      })
      const summary = await ingestCorpus(t.db, {
        corpusDir: SHARED,
        selection: { kind: 'paths', paths: ['legalize-pe/pe/CON-1993.md'] },
      })
      expect(summary.failed).toEqual([])
      ana = await signedInPerson(t, 'ana')
    }, 180_000)
    afterAll(async () => {
      await llm?.close()
      await t?.close()
    })

    const ask = async (userInput: string) => {
      const res = await t.call('/api/agentCommunication', {
        headers: { cookie: ana.cookie },
        body: { agentId: 'general', sessionId: `llm-${backend}-${++n}`, userInput, countryCode: 'PE' },
      })
      expect(res.status).toBe(200)
      return agentResponseSchema.parse(await res.json())
    }
    const movements = (consultationId: number) =>
      t.db
        .select({ kind: creditLedger.kind, amount: creditLedger.amount })
        .from(creditLedger)
        .where(eq(creditLedger.consultationId, consultationId))
    const consultation = async (id: number) =>
      (await t.db.select().from(consultations).where(eq(consultations.id, id)))[0]

    it('falls back to the extractive answer when the model dies mid-answer, and charges it exactly once', async () => {
      const body = await ask(CUT)
      expect(body.answer).toMatch(/^Según el artículo 112 de la Constitución Política del Perú/)
      expect(body.answer.endsWith(LEGAL_NOTE)).toBe(true)
      expect(body.skip_credit_deduction).toBe(false)
      expect(body.context_leyes.map((s) => s.label)).toContain('Artículo 112')
      expect(await movements(body.history_id)).toEqual([{ kind: 'reserve', amount: -1 }])
      expect(await consultation(body.history_id)).toMatchObject({
        state: 'charged',
        outcome: 'answered',
        cost: 1,
      })
    })

    it('waits for a slow model that keeps writing, past LLM_TIMEOUT_MS, and charges its answer once', async () => {
      const started = Date.now()
      const body = await ask(SLOW)
      expect(Date.now() - started).toBeGreaterThan(1000)
      expect(body.answer).toBe(`${SLOW_PIECES.join('')}\n\n---\n\n${LEGAL_NOTE}`)
      expect(body.context_leyes.map((s) => s.label)).toEqual(['Artículo 112'])
      expect(await movements(body.history_id)).toEqual([{ kind: 'reserve', amount: -1 }])
    })

    it('charges nothing, and shows no source, when the model says its sources do not answer', async () => {
      const body = await ask(NOT_ANSWERED)
      expect(llm.requests.at(-1)!.body).toContain(`Pregunta: ${NOT_ANSWERED}`)
      expect(body.skip_credit_deduction).toBe(true)
      expect(body.context_leyes).toEqual([])
      expect(body.context_sentencias).toEqual([])
      expect(body.answer).toContain('No encontré en las normas y sentencias del corpus')
      const moved = await movements(body.history_id)
      expect(moved.reduce((sum, m) => sum + m.amount, 0)).toBe(0)
      expect(await consultation(body.history_id)).toMatchObject({ state: 'refunded', outcome: 'skipped' })
    })
  },
)
