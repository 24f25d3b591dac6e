import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESET_REQUESTED } from '../../shared/auth-messages'
import { CONTROL_CHARACTERS_MESSAGE, INT4_MAX } from '../../shared/fields'
import { CREDITS_CHANGE_MAX_MESSAGE } from '../../shared/payment-schemas'
import { fakeGateway } from '../consultations/fake-gateway'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import { queryRows } from '../db/query'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { OUT_OF_RANGE_MESSAGE } from './errors'
import { NOT_JSON_CONTENT_TYPE_MESSAGE } from './validate'

const SERVICE_SECRET = 'servicio-secreto-de-prueba-123456'

/** The cases issue 14 measured as 500s with the SQL logged, each now a Spanish 4xx with nothing written. */
describe.each(BACKENDS)('issue 14 boundary cases on %s', (backend) => {
  let t: TestApp
  let ana: TestPerson
  let historyId: number
  const sessionId = `frontera-${backend}`

  beforeAll(async () => {
    t = await createTestApp(backend, { SERVICE_SECRET }, { agentGateway: fakeGateway().gateway })
    ana = await signedInPerson(t, 'ana')
    const res = await t.call('/api/agentCommunication', {
      body: { agentId: 'general', sessionId, userInput: '¿Cuánto dura el mandato?', countryCode: 'PE' },
      headers: { cookie: ana.cookie },
    })
    historyId = ((await res.json()) as { history_id: number }).history_id
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const counts = async () =>
    JSON.stringify(
      await queryRows(
        t.db,
        sql`select (select count(*) from consultations)::int, (select count(*) from suggestions)::int,
                   (select count(*) from credit_ledger)::int, (select count(*) from feedback)::int,
                   (select count(*) from "user")::int, (select string_agg(name, ',') from "user")`,
      ),
    )
  const sqlInLogs = () =>
    JSON.stringify(t.logs).match(/Failed query:(?! \[SQL omitido\])|params:|select .* from/)
  const as = (who: TestPerson): Record<string, string> => ({ cookie: who.cookie })

  async function refused(
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; method?: string },
    status: number,
    expected: { code: string; message: string },
  ) {
    const before = await counts()
    const res = await t.call(path, init)
    expect(res.status).toBe(status)
    expect(await res.json()).toMatchObject(expected)
    expect(await counts()).toBe(before)
    expect(t.logs.filter((e) => e.level === 'ERROR')).toEqual([])
    expect(sqlInLogs()).toBeNull()
  }

  it.each([
    [
      'a question',
      '/api/agentCommunication',
      { agentId: 'general', sessionId: 's-nul', userInput: 'a\u0000b', countryCode: 'PE' },
    ],
    ['a suggestion', '/api/suggestions', { suggestion: 'más\u0000normas' }],
    [
      'a chat session id',
      '/api/feedback',
      { history_id: 1, session_id: 'a\u0000', feedback_value: 'positive' },
    ],
  ])('refuses a NUL byte in %s', async (_label, path, body) => {
    const res = await t.call(path, { body, headers: as(ana) })
    expect(res.status).toBe(400)
    const json = (await res.json()) as { code: string; message: string }
    expect(json.code).toBe('VALIDATION_ERROR')
    expect(json.message).toMatch(/caracteres no permitidos|Payload de feedback inválido/)
  })

  it('refuses a NUL byte in a user name, at sign-up and through update-user', async () => {
    await refused(
      '/api/auth/sign-up/email',
      { body: { email: `nul-${backend}@ejemplo.pe`, password: 'secreto-123', name: 'Ana\u0000' } },
      400,
      { code: 'VALIDATION_ERROR', message: CONTROL_CHARACTERS_MESSAGE },
    )
    await refused('/api/auth/update-user', { body: { name: 'Ana\u0000' }, headers: as(ana) }, 400, {
      code: 'VALIDATION_ERROR',
      message: CONTROL_CHARACTERS_MESSAGE,
    })
    // Found by the boundary test on PostgreSQL: a null name reached a NOT NULL column inside better-auth.
    await refused('/api/auth/update-user', { body: { name: null }, headers: as(ana) }, 400, {
      code: 'VALIDATION_ERROR',
      message: 'El nombre debe ser un texto',
    })
  })

  it.each(['/api/consultations', '/api/feedback'])(
    'answers 404 for ids past int4 in %s/:id',
    async (base) => {
      for (const id of [String(INT4_MAX + 1), '99999999999', '0', '-1', '1e3']) {
        await refused(`${base}/${id}`, { headers: as(ana) }, 404, {
          code: 'NOT_FOUND',
          message: 'Consulta no encontrada',
        })
      }
      expect((await t.call(`${base}/${historyId}`, { headers: as(ana) })).status).toBe(200)
    },
  )

  it('refuses a history_id past int4 in POST /api/feedback, as a number or a string', async () => {
    for (const history_id of [INT4_MAX + 1, String(INT4_MAX + 1), '99999999999', 1e20]) {
      await refused(
        '/api/feedback',
        { body: { history_id, session_id: sessionId, feedback_value: 'positive' }, headers: as(ana) },
        400,
        { code: 'VALIDATION_ERROR', message: 'Payload de feedback inválido' },
      )
    }
  })

  it.each([
    ['/api/payment/subscription', { plan_id: INT4_MAX + 1 }],
    ['/api/payment/subscription/cancel', { plan_id: INT4_MAX + 1 }],
    ['/api/payment/yape', { token: 'tok', transaction_amount: 10, plan_id: INT4_MAX + 1 }],
  ])('refuses a plan_id past int4 in %s', async (path, body) => {
    const before = await counts()
    const res = await t.call(path, { body, headers: as(ana) })
    expect(res.status).toBe(400)
    const json = (await res.json()) as { code: string; details: Record<string, string> }
    expect(json.code).toBe('VALIDATION_ERROR')
    expect(json.details.plan_id).toBe('Debe ser como máximo 2147483647')
    expect(await counts()).toBe(before)
  })

  it('bounds an admin grant, and refuses the one that would overflow the balance without writing', async () => {
    const service = { 'x-service-secret': SERVICE_SECRET }
    await refused('/api/credits/add', { body: { userId: ana.id, amount: INT4_MAX }, headers: service }, 400, {
      code: 'VALIDATION_ERROR',
      message: CREDITS_CHANGE_MAX_MESSAGE,
    })
    await t.db
      .update(userCreditsSummary)
      .set({ remainingCredits: INT4_MAX - 5 })
      .where(eq(userCreditsSummary.userId, ana.id))
    const ledger = async () =>
      (await t.db.select().from(creditLedger).where(eq(creditLedger.userId, ana.id))).length
    const rows = await ledger()
    await refused(
      '/api/credits/add',
      { body: { userId: ana.id, amount: 1_000_000 }, headers: service },
      400,
      {
        code: 'VALIDATION_ERROR',
        message: OUT_OF_RANGE_MESSAGE,
      },
    )
    expect(await ledger()).toBe(rows)
    const [summary] = await t.db
      .select()
      .from(userCreditsSummary)
      .where(eq(userCreditsSummary.userId, ana.id))
    expect(summary!.remainingCredits).toBe(INT4_MAX - 5)
    // Logged as a warning by its SQLSTATE, without the statement or the amount.
    const warning = t.logs.find((e) => e.message === 'Valor rechazado por la base de datos')
    expect(warning?.metadata).toMatchObject({ sqlState: '22003', path: '/api/credits/add' })
    expect(JSON.stringify(warning)).not.toMatch(/user_credits_summary|1000000/)
  })

  it('reads only application/json bodies as JSON', async () => {
    const text = { 'content-type': 'text/plain;charset=UTF-8', cookie: ana.cookie }
    await refused('/api/suggestions', { body: '{"suggestion":"hola"}', headers: text }, 415, {
      code: 'VALIDATION_ERROR',
      message: NOT_JSON_CONTENT_TYPE_MESSAGE,
    })
    await refused(
      '/api/auth/sign-in/email',
      {
        body: JSON.stringify({ email: 'a@ejemplo.pe', password: 'x' }),
        headers: { 'content-type': 'text/plain' },
      },
      415,
      { code: 'VALIDATION_ERROR', message: NOT_JSON_CONTENT_TYPE_MESSAGE },
    )
    const utf8 = await t.call('/api/suggestions', {
      body: { suggestion: 'con charset' },
      headers: { 'content-type': 'application/json; charset=utf-8', cookie: ana.cookie },
    })
    expect(utf8.status).toBe(201)
  })

  it('answers a reset request in Spanish', async () => {
    const res = await t.call('/api/auth/request-password-reset', { body: { email: ana.email } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: true, message: RESET_REQUESTED })
  })
})
