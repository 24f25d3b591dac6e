import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimSession, insertPendingConsultation } from '../events/test-data'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { feedback } from './schema'

const INVALID = { code: 'VALIDATION_ERROR', message: 'Payload de feedback inválido' }

describe.each(BACKENDS)('feedback on %s', (backend) => {
  let t: TestApp
  let ana: TestPerson
  let beto: TestPerson
  let anaSession: string
  let anaHistory: number
  let betoHistory: number
  let betoSession: string
  beforeAll(async () => {
    t = await createTestApp(backend)
    ana = await signedInPerson(t, 'ana')
    beto = await signedInPerson(t, 'beto')
    anaSession = await claimSession(t.db, ana.id)
    anaHistory = await insertPendingConsultation(t.db, ana.id, anaSession)
    betoSession = await claimSession(t.db, beto.id)
    betoHistory = await insertPendingConsultation(t.db, beto.id, betoSession)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const send = (who: TestPerson | null, body: unknown) =>
    t.call('/api/feedback', { body, headers: who ? { cookie: who.cookie } : {} })

  it('needs a signed-in user', async () => {
    const res = await send(null, {
      history_id: anaHistory,
      session_id: anaSession,
      feedback_value: 'positive',
    })
    expect(res.status).toBe(401)
  })

  it.each([
    ['no body', 'no es json'],
    ['missing history_id', { session_id: 's1', feedback_value: 'positive' }],
    ['missing session_id', { history_id: 1, feedback_value: 'positive' }],
    ['null feedback_value', { history_id: 1, session_id: 's1', feedback_value: null }],
    ['unknown feedback_value', { history_id: 1, session_id: 's1', feedback_value: 'meh' }],
    ['a non-numeric history id', { history_id: 'abc', session_id: 's1', feedback_value: 'negative' }],
    ['an array', [1, 2]],
  ])('refuses %s with the spec message', async (_label, body) => {
    const res = await send(ana, body)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject(INVALID)
  })

  it('stores a rating on the own history, then replaces it (one per history id)', async () => {
    const first = await send(ana, {
      history_id: anaHistory,
      session_id: anaSession,
      feedback_value: 'positive',
    })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ data: { history_id: anaHistory, feedback_value: 'positive' } })
    const again = await send(ana, {
      history_id: String(anaHistory),
      session_id: anaSession,
      feedback_value: 'negative',
    })
    expect(again.status).toBe(200)
    const read = await t.call(`/api/feedback/${anaHistory}`, { headers: { cookie: ana.cookie } })
    expect(await read.json()).toEqual({ data: { history_id: anaHistory, feedback_value: 'negative' } })
    const [rows] = await t.db.select({ n: count() }).from(feedback).where(eq(feedback.historyId, anaHistory))
    expect(rows?.n).toBe(1)
  })

  it("never rates or reads another user's history, nor one under another session", async () => {
    const other = await send(ana, {
      history_id: betoHistory,
      session_id: betoSession,
      feedback_value: 'negative',
    })
    expect(other.status).toBe(404)
    const wrongSession = await send(ana, {
      history_id: anaHistory,
      session_id: betoSession,
      feedback_value: 'negative',
    })
    expect(wrongSession.status).toBe(404)
    const read = await t.call(`/api/feedback/${betoHistory}`, { headers: { cookie: ana.cookie } })
    expect(read.status).toBe(404)
    const own = await t.call(`/api/feedback/${betoHistory}`, { headers: { cookie: beto.cookie } })
    expect(await own.json()).toEqual({ data: { history_id: betoHistory, feedback_value: null } })
  })
})
