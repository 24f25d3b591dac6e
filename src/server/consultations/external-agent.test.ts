import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agents } from '../agents/schema'
import { type FakeServer, sendJson, startFakeServer } from '../test/fake-http'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { consultations } from './schema'

const SECRET = 'secreto-n8n-de-prueba'

/** The whole path with the real gateway: an n8n-style HTTP agent, its partial-answer pushes, and the money. */
describe.each(BACKENDS)('an external HTTP agent on %s', (backend) => {
  let t: TestApp
  let agent: FakeServer
  let ana: TestPerson
  let partialPush: number | null = null
  beforeAll(async () => {
    // The waits this file exercises, made short (docs/decisions/0034): the run's limit for the agent that never
    // answers (2 s, still far above what the answering agent takes on a loaded machine: a few hundred ms), and the
    // backoff between the failing agent's three attempts (20 ms, 40 ms instead of 1 s, 2 s).
    t = await createTestApp(
      backend,
      { AGENT_TIMEOUT_MS: '2000', AGENT_SHARED_SECRET: SECRET },
      { agentHttp: { retryBaseDelayMs: 20 } },
    )
    agent = await startFakeServer(async (req, res) => {
      const body = JSON.parse(req.body) as { userInput: string; sessionId: string }
      if (body.userInput === 'falla') return sendJson(res, 500, { error: 'n8n caído' })
      if (body.userInput === 'lento') return // never answers
      // Like an n8n workflow: push a partial answer back to Lexia before answering.
      const push = await t.call('/api/agents/partial-answers', {
        headers: { 'x-agent-secret': SECRET },
        body: { session_id: body.sessionId, partial_answer: 'Según la Constitución…' },
      })
      partialPush = push.status
      sendJson(res, 200, {
        answer: 'Cinco años.',
        history_id: '77',
        skip_credit_deduction: body.userInput === 'gratis',
        agent_id: 'n8n',
        context_leyes: [
          { title: 'Constitución, Artículo 112', content: 'El mandato…', url: 'javascript:alert(1)' },
        ],
        context_sentencias: [],
      })
    })
    await t.db.insert(agents).values({
      id: 'n8n',
      name: 'Agente n8n',
      url: `${agent.url}/webhook/secreto-de-ruta`,
      status: 'active',
      credits: 1,
    })
    ana = await signedInPerson(t, 'ana')
  }, 60_000)
  afterAll(async () => {
    await agent?.close()
    await t?.close()
  })

  const ask = (userInput: string, sessionId: string) =>
    t.call('/api/agentCommunication', {
      headers: { authorization: `Bearer ${ana.bearer}` },
      body: { agentId: 'n8n', sessionId, userInput, countryCode: 'PE' },
    })
  const remaining = async () =>
    (
      (await (await t.call('/api/credits', { headers: { cookie: ana.cookie } })).json()) as {
        remaining_credits: number
      }
    ).remaining_credits

  it('sends the contract with the secret, accepts its partial push, and charges once', async () => {
    const res = await ask('¿mandato?', 'ext-ok')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.answer).toBe('Cinco años.')
    expect(body.history_id).not.toBe(77) // our consultation id is the history id
    expect(body.context_leyes[0].url).not.toMatch(/^javascript:/)
    expect(partialPush).toBe(204)
    const sent = agent.requests.at(-1)!
    expect(JSON.parse(sent.body)).toEqual({
      agentId: 'n8n',
      sessionId: 'ext-ok',
      userInput: '¿mandato?',
      countryCode: 'PE',
    })
    expect(sent.headers['x-agent-secret']).toBe(SECRET)
    expect(await remaining()).toBe(4)
    // The agents list shows only the origin of an external agent's url.
    const list = await (await t.call('/api/agents', { headers: { cookie: ana.cookie } })).json()
    const n8n = list.agents.find((a: { id: string }) => a.id === 'n8n')
    expect(n8n.url).toBe(agent.url)
  })

  it.each([
    ['answers skip_credit_deduction', 'gratis', 200, 'skipped'],
    ['fails with 5xx after its retries', 'falla', 502, 'failed'],
    ['never answers', 'lento', 504, 'timeout'],
  ] as const)(
    'costs nothing when it %s',
    async (_l, input, status, outcome) => {
      const before = await remaining()
      const sessionId = `ext-${outcome}`
      const res = await ask(input, sessionId)
      expect(res.status).toBe(status)
      expect(await remaining()).toBe(before)
      const [row] = await t.db.select().from(consultations).where(eq(consultations.sessionId, sessionId))
      expect(row).toMatchObject({ state: 'refunded', outcome })
      // The short backoff still retries: the first attempt and two more, each a request the agent saw.
      const attempts = agent.requests.filter((r) => JSON.parse(r.body).sessionId === sessionId)
      expect(attempts).toHaveLength(outcome === 'failed' ? 3 : 1)
    },
    20_000,
  )
})
