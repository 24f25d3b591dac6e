import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentListSchema } from '../../shared/agent-schemas'
import { agentResponseSchema, consultationListSchema } from '../../shared/consultation-schemas'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { fakeGateway } from './fake-gateway'
import { consultations, n8nPartialAnswers } from './schema'
import { refundStaleReservations } from './settlement'

describe.each(BACKENDS)('consultations on %s', (backend) => {
  let t: TestApp
  const fake = fakeGateway()
  let ana: TestPerson
  let beto: TestPerson
  let n = 0
  const sid = () => `sesion-${backend}-${++n}-${Math.random().toString(36).slice(2, 8)}`
  beforeAll(async () => {
    t = await createTestApp(backend, { AGENT_TIMEOUT_MS: '1000' }, { agentGateway: fake.gateway })
    ana = await signedInPerson(t, 'ana')
    beto = await signedInPerson(t, 'beto')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })
  beforeEach(() => {
    fake.state.behaviour = 'answer'
    fake.state.gate = null
  })

  const setBalance = async (who: TestPerson, remaining: number) => {
    await t.db
      .update(userCreditsSummary)
      .set({ remainingCredits: remaining })
      .where(eq(userCreditsSummary.userId, who.id))
    // Keep the ledger the explanation of the balance: one admin row per adjustment.
    const [row] = await t.db
      .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, who.id))
    const diff = remaining - (row?.sum ?? 0)
    if (diff !== 0) await t.db.insert(creditLedger).values({ userId: who.id, amount: diff, kind: 'admin' })
  }
  const credits = async (who: TestPerson) =>
    (await (await t.call('/api/credits', { headers: { cookie: who.cookie } })).json()) as {
      remaining_credits: number
      messages_sent: number
      total_credits: number
    }
  const ask = (who: TestPerson | null, body: Record<string, unknown>, auth: 'cookie' | 'bearer' = 'cookie') =>
    t.call('/api/agentCommunication', {
      body: {
        agentId: 'general',
        sessionId: sid(),
        userInput: '¿Cuánto dura el mandato?',
        countryCode: 'pe',
        ...body,
      },
      headers: who
        ? auth === 'cookie'
          ? { cookie: who.cookie }
          : { authorization: `Bearer ${who.bearer}` }
        : {},
    })

  it('lists every agent without leaking an external url, one by id, and the active countries', async () => {
    const res = await t.call('/api/agents', { headers: { cookie: ana.cookie } })
    const { agents } = agentListSchema.parse(await res.json())
    expect(agents.map((a) => [a.id, a.status, a.credits])).toEqual([
      ['general', 'active', 1],
      ['constitucional', 'active', 2],
      ['laboral', 'active', 2],
      ['penal', 'active', 2],
      ['tributario', 'inactive', 3],
    ])
    const one = await t.call('/api/agents/penal', { headers: { cookie: ana.cookie } })
    expect(Object.keys(await one.json()).sort()).toEqual([
      'credits',
      'description',
      'id',
      'name',
      'status',
      'url',
    ])
    const missing = await t.call('/api/agents/nadie', { headers: { cookie: ana.cookie } })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Agente no encontrado' })
    const countries = await (await t.call('/api/countries', { headers: { cookie: ana.cookie } })).json()
    expect(countries).toEqual({ countries: [{ iso2: 'PE', name: 'Perú', flag: '🇵🇪', active: true }] })
    expect((await t.call('/api/agents')).status).toBe(401)
  })

  it('gives a new account its welcome credits once, and zeros to a user without a row', async () => {
    expect(await credits(ana)).toMatchObject({ remaining_credits: 5, total_credits: 5, messages_sent: 0 })
    await t.db.delete(userCreditsSummary).where(eq(userCreditsSummary.userId, beto.id))
    expect(await credits(beto)).toMatchObject({ remaining_credits: 0, total_credits: 0, messages_sent: 0 })
    await t.db.insert(userCreditsSummary).values({ userId: beto.id, remainingCredits: 5, totalCredits: 5 })
  })

  it('answers with the bearer token, charging the agent cost exactly once', async () => {
    await setBalance(ana, 5)
    const res = await ask(ana, {}, 'bearer')
    expect(res.status).toBe(200)
    const body = agentResponseSchema.parse(await res.json())
    expect(body).toMatchObject({ agent_id: 'general', skip_credit_deduction: false, state: 'answered' })
    expect(body.context_leyes[0]?.identifier).toBe('CON-1993')
    expect(body.credits).toMatchObject({ remaining_credits: 4, messages_sent: 1 })
    const [row] = await t.db.select().from(consultations).where(eq(consultations.id, body.history_id))
    expect(row).toMatchObject({
      state: 'charged',
      outcome: 'answered',
      cost: 1,
      userId: ana.id,
      countryCode: 'PE',
    })
    const partials = await t.db
      .select()
      .from(n8nPartialAnswers)
      .where(eq(n8nPartialAnswers.sessionId, row!.sessionId))
    expect(partials).toEqual([])
  })

  it('charges a specialised agent its own cost with the cookie session', async () => {
    await setBalance(ana, 5)
    const res = await ask(ana, { agentId: 'penal' })
    expect(res.status).toBe(200)
    expect((await credits(ana)).remaining_credits).toBe(3)
  })

  it.each([
    ['an empty question', { userInput: '   ' }, 'Escribe tu consulta'],
    [
      'a question too long',
      { userInput: 'a'.repeat(4001) },
      'La consulta no puede tener más de 4000 caracteres',
    ],
    ['no agent', { agentId: '' }, 'Selecciona un agente'],
    ['a malformed country', { countryCode: 'PER' }, 'El país debe ser un código ISO de 2 letras'],
    ['a malformed session', { sessionId: 'a b' }, 'La sesión de chat no es válida'],
  ])('refuses %s with VALIDATION_ERROR and charges nothing', async (_l, body, message) => {
    await setBalance(ana, 5)
    const res = await ask(ana, body)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message })
    expect((await credits(ana)).remaining_credits).toBe(5)
  })

  it('refuses a body that is not JSON, and a caller who is not signed in', async () => {
    const res = await t.call('/api/agentCommunication', { body: '{roto', headers: { cookie: ana.cookie } })
    expect(res.status).toBe(400)
    expect((await ask(null, {})).status).toBe(401)
  })

  it('refuses an unknown agent, an inactive one and an inactive country before charging', async () => {
    await setBalance(ana, 5)
    const runs = fake.state.runs
    const unknown = await ask(ana, { agentId: 'fantasma' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Agente no encontrado' })
    const inactive = await ask(ana, { agentId: 'tributario' })
    expect(inactive.status).toBe(400)
    expect((await inactive.json()).code).toBe('VALIDATION_ERROR')
    const country = await ask(ana, { countryCode: 'CO' })
    expect(country.status).toBe(400)
    expect(await country.json()).toMatchObject({ code: 'INVALID_PARAMS', message: 'País no disponible' })
    expect(fake.state.runs).toBe(runs)
    expect((await credits(ana)).remaining_credits).toBe(5)
  })

  it('answers 402 INSUFFICIENT_CREDITS when the balance is short, without running the agent', async () => {
    await setBalance(ana, 1)
    const runs = fake.state.runs
    const res = await ask(ana, { agentId: 'laboral' })
    expect(res.status).toBe(402)
    expect(await res.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      details: { required: 2, remaining: 1 },
    })
    expect(fake.state.runs).toBe(runs)
    expect((await credits(ana)).remaining_credits).toBe(1)
  })

  it.each([
    ['skips the charge', 'skip', 200, 'skipped'],
    ['fails', 'fail', 502, 'failed'],
    ['throws unexpectedly', 'throw', 502, 'failed'],
    ['never answers (timeout)', 'hang', 504, 'timeout'],
  ] as const)('costs nothing when the agent %s', async (_l, behaviour, status, outcome) => {
    await setBalance(ana, 5)
    fake.state.behaviour = behaviour
    const sessionId = sid()
    const res = await ask(ana, { sessionId })
    expect(res.status).toBe(status)
    const body = await res.json()
    if (status !== 200) expect(body.code).toBe('COMMUNICATION_ERROR')
    else expect(body.skip_credit_deduction).toBe(true)
    expect(await credits(ana)).toMatchObject({ remaining_credits: 5 })
    const [row] = await t.db.select().from(consultations).where(eq(consultations.sessionId, sessionId))
    expect(row).toMatchObject({ state: 'refunded', outcome })
  })

  it("never runs in, nor reads, another user's session or history", async () => {
    await setBalance(ana, 5)
    const sessionId = sid()
    const own = agentResponseSchema.parse(await (await ask(ana, { sessionId })).json())
    const intruder = await ask(beto, { sessionId })
    expect(intruder.status).toBe(404)
    expect(await intruder.json()).toEqual({ code: 'NOT_FOUND', message: 'Sesión de chat no encontrada' })
    expect((await credits(beto)).remaining_credits).toBe(5)
    const list = await t.call(`/api/sessions/${sessionId}/consultations`, {
      headers: { cookie: beto.cookie },
    })
    expect(await list.json()).toEqual({ consultations: [] })
    const read = await t.call(`/api/consultations/${own.history_id}`, { headers: { cookie: beto.cookie } })
    expect(read.status).toBe(404)
    const mine = await t.call(`/api/consultations/${own.history_id}`, { headers: { cookie: ana.cookie } })
    expect((await mine.json()).answer).toContain('cinco años')
    expect((await t.call('/api/consultations/abc', { headers: { cookie: ana.cookie } })).status).toBe(404)
    expect(
      (await t.call('/api/sessions/a%20b/consultations', { headers: { cookie: ana.cookie } })).status,
    ).toBe(400)
  })

  it('shows a consultation in progress with its latest partial answer, then its final record', async () => {
    await setBalance(ana, 5)
    let release!: () => void
    fake.state.gate = new Promise<void>((r) => (release = r))
    const sessionId = sid()
    const pending = ask(ana, { sessionId })
    let list = consultationListSchema.parse({ consultations: [] })
    for (let i = 0; i < 100; i++) {
      list = consultationListSchema.parse(
        await (
          await t.call(`/api/sessions/${sessionId}/consultations`, { headers: { cookie: ana.cookie } })
        ).json(),
      )
      if (list.consultations[0]?.partial_answer) break
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(list.consultations[0]).toMatchObject({
      outcome: 'pending',
      partial_answer: 'El mandato presidencial',
    })
    // A partial left in the session from before this consultation began is not its own, even written last.
    await t.db.insert(n8nPartialAnswers).values({
      sessionId,
      partialAnswer: 'Una consulta anterior',
      createdAt: sql`now() - interval '1 hour'`,
    })
    const again = consultationListSchema.parse(
      await (
        await t.call(`/api/sessions/${sessionId}/consultations`, { headers: { cookie: ana.cookie } })
      ).json(),
    )
    expect(again.consultations[0]?.partial_answer).toBe('El mandato presidencial')
    release()
    expect((await pending).status).toBe(200)
    const done = consultationListSchema.parse(
      await (
        await t.call(`/api/sessions/${sessionId}/consultations`, { headers: { cookie: ana.cookie } })
      ).json(),
    )
    expect(done.consultations[0]).toMatchObject({
      outcome: 'answered',
      state: 'charged',
      partial_answer: null,
    })
  })

  it('refunds, at start, a reservation a stopped server left behind', async () => {
    await setBalance(ana, 5)
    let release!: () => void
    fake.state.gate = new Promise<void>((r) => (release = r))
    const sessionId = sid()
    const pending = ask(ana, { sessionId })
    for (let i = 0; i < 100 && (await credits(ana)).remaining_credits === 5; i++) {
      await new Promise((r) => setTimeout(r, 20))
    }
    await t.db
      .update(consultations)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(consultations.sessionId, sessionId))
    expect(await refundStaleReservations(t.db, 60_000)).toBe(1)
    expect((await credits(ana)).remaining_credits).toBe(5)
    release()
    await pending
    // The late answer cannot charge a consultation that was already refunded.
    expect((await credits(ana)).remaining_credits).toBe(5)
  })
})
