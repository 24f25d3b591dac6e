import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../shared/logger'
import { STREAM_MAX_PER_USER, STREAM_RECONNECT_DELAYS_MS, type StreamEvent } from '../../shared/stream-events'
import { BACKENDS, createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness'
import { readSse } from '../test/sse'
import { signedInPerson, type TestPerson } from '../test/users'
import { createEventHub } from './hub'
import { eventStreamRoutes, TOO_MANY_STREAMS_MESSAGE } from './stream-routes'
import {
  claimSession,
  collect,
  finishConsultation,
  insertPartial,
  insertPendingConsultation,
  isPartial,
  setCredits,
} from './test-data'

const SECRET = 'secreto-compartido-con-n8n'
const quiet = createLogger({ level: 'ERROR', sinks: [] })

type Person = TestPerson
const signedIn = signedInPerson

const partialData = (text: string) => (m: { event?: string; data?: string }) =>
  m.event === 'partial' && (JSON.parse(m.data!) as StreamEvent & { type: 'partial' }).partial_answer === text

describe.each(BACKENDS)('GET /api/events on %s', (backend) => {
  let t: TestApp
  let ana: Person
  let beto: Person
  beforeAll(async () => {
    t = await createTestApp(backend, { AGENT_SHARED_SECRET: SECRET })
    ana = await signedIn(t, 'ana')
    beto = await signedIn(t, 'beto')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('refuses a tab without a session', async () => {
    const res = await t.call('/api/events')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Usuario no autenticado' })
    const forged = await t.call('/api/events', { headers: { authorization: 'Bearer inventado' } })
    expect(forged.status).toBe(401)
  })

  it("streams the state on connect, then the user's own events and never another user's", async () => {
    const anaSession = await claimSession(t.db, ana.id)
    const betoSession = await claimSession(t.db, beto.id)
    await insertPendingConsultation(t.db, ana.id, anaSession)
    await insertPartial(t.db, anaSession, 'en curso')
    await setCredits(t.db, ana.id, 6)

    const res = await t.call('/api/events', { headers: { cookie: ana.cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const sse = readSse(res)
    expect(await sse.next()).toEqual({ retry: STREAM_RECONNECT_DELAYS_MS[0] })
    // A refreshed page picks up where it was: credits and the answer in progress.
    await sse.until((m) => m.event === 'credits')
    await sse.until(partialData('en curso'))
    expect(sse.events('credits')).toEqual([
      { type: 'credits', summary: expect.objectContaining({ remaining_credits: 6, user_id: ana.id }) },
    ])

    const toBeto = collect(t.events, beto.id)
    await insertPartial(t.db, betoSession, 'solo para Beto')
    await toBeto.until(isPartial('solo para Beto'))
    toBeto.unsubscribe()
    await insertPartial(t.db, anaSession, 'más texto')
    await sse.until(partialData('más texto'))
    await setCredits(t.db, ana.id, 2)
    await sse.until((m) => m.event === 'credits' && JSON.parse(m.data!).summary.remaining_credits === 2)

    expect(sse.events<StreamEvent>('partial')).toEqual([
      { type: 'partial', session_id: anaSession, partial_answer: 'en curso' },
      { type: 'partial', session_id: anaSession, partial_answer: 'más texto' },
    ])
    expect(JSON.stringify(sse.seen)).not.toContain('Beto')
    expect(t.events.subscriberCount(ana.id)).toBe(1)
    await sse.cancel()
    await expect.poll(() => t.events.subscriberCount(ana.id)).toBe(0)
  })

  it('tells the tab when a consultation finishes', async () => {
    const session = await claimSession(t.db, ana.id)
    const id = await insertPendingConsultation(t.db, ana.id, session)
    const sse = readSse(await t.call('/api/events', { headers: { authorization: `Bearer ${ana.bearer}` } }))
    await sse.until((m) => m.retry !== undefined)
    await finishConsultation(t.db, id, 'Respuesta final.')
    const done = await sse.until((m) => m.event === 'consultation')
    expect(JSON.parse(done.data!)).toMatchObject({
      type: 'consultation',
      consultation: { history_id: id, session_id: session, answer: 'Respuesta final.', outcome: 'answered' },
    })
    await sse.cancel()
  })

  it('sends a heartbeat comment on an idle stream', async () => {
    const app = new Hono().route(
      '/api',
      eventStreamRoutes({ db: t.db, auth: t.auth, events: t.events, logger: quiet, heartbeatMs: 20 }),
    )
    const res = await app.request(`${TEST_BASE_URL}/api/events`, { headers: { cookie: beto.cookie } })
    const sse = readSse(res)
    await sse.until((m) => m.comment === 'ping')
    await sse.until((m) => m.comment === 'ping')
    await sse.cancel()
    await expect.poll(() => t.events.subscriberCount(beto.id)).toBe(0)
  })

  it('ends the stream once its session is revoked (sign-out elsewhere, password reset)', async () => {
    const carla = await signedIn(t, 'carla')
    const app = new Hono().route(
      '/api',
      eventStreamRoutes({ db: t.db, auth: t.auth, events: t.events, logger: quiet, heartbeatMs: 20 }),
    )
    const sse = readSse(
      await app.request(`${TEST_BASE_URL}/api/events`, { headers: { cookie: carla.cookie } }),
    )
    await sse.until((m) => m.comment === 'ping')
    expect(t.events.subscriberCount(carla.id)).toBe(1)
    const out = await t.call('/api/auth/sign-out', { method: 'POST', headers: { cookie: carla.cookie } })
    expect(out.status).toBe(200)
    await sse.end()
    expect(t.events.subscriberCount(carla.id)).toBe(0)
  })

  it(`refuses a user's stream past ${STREAM_MAX_PER_USER} with a Spanish 429, and accepts one again once a tab closes`, async () => {
    const dani = await signedIn(t, 'dani')
    const open = async () => t.call('/api/events', { headers: { cookie: dani.cookie } })
    const tabs = await Promise.all(Array.from({ length: STREAM_MAX_PER_USER }, open))
    expect(tabs.map((r) => r.status)).toEqual(Array(STREAM_MAX_PER_USER).fill(200))
    const streams = tabs.map(readSse)
    for (const sse of streams) await sse.until((m) => m.retry !== undefined)

    const refused = await open()
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'VALIDATION_ERROR', message: TOO_MANY_STREAMS_MESSAGE })
    // The open tabs were left alone, and the cap is per user.
    expect(t.events.subscriberCount(dani.id)).toBe(STREAM_MAX_PER_USER)
    const other = await t.call('/api/events', { headers: { cookie: beto.cookie } })
    expect(other.status).toBe(200)
    await readSse(other).cancel()

    await streams[0]!.cancel()
    await expect.poll(() => t.events.subscriberCount(dani.id)).toBe(STREAM_MAX_PER_USER - 1)
    const again = await open()
    expect(again.status).toBe(200)
    expect((await open()).status).toBe(429)
    for (const sse of [...streams.slice(1), readSse(again)]) await sse.cancel()
    await expect.poll(() => t.events.subscriberCount(dani.id)).toBe(0)
  })

  it('ends the stream when the hub closes (server shutdown)', async () => {
    const hub = createEventHub({ database: t.database, logger: quiet })
    await hub.start()
    const app = new Hono().route(
      '/api',
      eventStreamRoutes({ db: t.db, auth: t.auth, events: hub, logger: quiet }),
    )
    const sse = readSse(
      await app.request(`${TEST_BASE_URL}/api/events`, { headers: { cookie: beto.cookie } }),
    )
    await sse.until((m) => m.retry !== undefined)
    expect(hub.subscriberCount(beto.id)).toBe(1)
    await hub.close()
    await sse.end()
    expect(hub.subscriberCount()).toBe(0)
  })
})

describe.each(BACKENDS)('POST /api/agents/partial-answers on %s', (backend) => {
  let t: TestApp
  let ana: Person
  beforeAll(async () => {
    t = await createTestApp(backend, { AGENT_SHARED_SECRET: SECRET })
    ana = await signedIn(t, 'ana')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  /** As n8n sends it: no Origin, no cookie. */
  const push = (body: unknown, secret?: string) =>
    t.app.request(`${TEST_BASE_URL}/api/agents/partial-answers`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === undefined ? {} : { 'x-agent-secret': secret }),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('refuses a missing or wrong secret', async () => {
    const session = await claimSession(t.db, ana.id)
    await insertPendingConsultation(t.db, ana.id, session)
    for (const secret of [undefined, '', 'otro', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await push({ session_id: session, partial_answer: 'x' }, secret)
      expect(res.status, String(secret)).toBe(401)
      expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Agente no autorizado' })
    }
    // A signed-in user is no agent.
    const asUser = await t.call('/api/agents/partial-answers', {
      body: { session_id: session, partial_answer: 'x' },
      headers: { cookie: ana.cookie },
    })
    expect(asUser.status).toBe(401)
  })

  it('refuses a malformed push', async () => {
    for (const body of [
      'no es json',
      {},
      { session_id: 'con espacios', partial_answer: 'x' },
      { session_id: 's-1', partial_answer: 5 },
      { session_id: 's-1', partial_answer: 'x'.repeat(100_001) },
    ]) {
      const res = await push(body, SECRET)
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect((await res.json()).code).toBe('INVALID_PARAMS')
    }
  })

  it('refuses a session without a consultation in progress', async () => {
    const finishedSession = await claimSession(t.db, ana.id)
    const id = await insertPendingConsultation(t.db, ana.id, finishedSession)
    await finishConsultation(t.db, id, 'ok')
    const claimedOnly = await claimSession(t.db, ana.id)
    for (const session_id of ['sesion-desconocida', finishedSession, claimedOnly]) {
      const res = await push({ session_id, partial_answer: 'tarde' }, SECRET)
      expect(res.status, session_id).toBe(404)
      expect(await res.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'No hay una consulta en curso en esta sesión',
      })
    }
    const rows = await t.db.execute(
      `select count(*)::int as n from n8n_partial_answers where partial_answer = 'tarde'`,
    )
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
  })

  it("delivers a good push to the session owner's tab", async () => {
    const session = await claimSession(t.db, ana.id)
    await insertPendingConsultation(t.db, ana.id, session)
    const sse = readSse(await t.call('/api/events', { headers: { cookie: ana.cookie } }))
    await sse.until((m) => m.retry !== undefined)
    const res = await push({ session_id: session, partial_answer: 'Según el artículo 112…' }, SECRET)
    expect(res.status).toBe(204)
    await sse.until(partialData('Según el artículo 112…'))
    await sse.cancel()
  })
})

describe('POST /api/agents/partial-answers without AGENT_SHARED_SECRET', () => {
  it('does not exist', async () => {
    const t = await createTestApp('pglite')
    try {
      const res = await t.app.request(`${TEST_BASE_URL}/api/agents/partial-answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-agent-secret': '' },
        body: JSON.stringify({ session_id: 's-1', partial_answer: 'x' }),
      })
      expect(res.status).toBe(404)
      expect((await res.json()).code).toBe('NOT_FOUND')
    } finally {
      await t.close()
    }
  })
})

describe('GET /api/events over a real HTTP connection', () => {
  it('delivers each event as it happens and forgets the tab when it hangs up', async () => {
    const { serve } = await import('@hono/node-server')
    const t = await createTestApp('pglite')
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    try {
      const ana = await signedIn(t, 'ana')
      const session = await claimSession(t.db, ana.id)
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const hangUp = new AbortController()
      const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { cookie: ana.cookie },
        signal: hangUp.signal,
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBeNull()
      const sse = readSse(res)
      await sse.until((m) => m.retry !== undefined)
      // Not buffered: the event arrives while the response is still open.
      await insertPartial(t.db, session, 'en vivo')
      await sse.until(partialData('en vivo'))
      expect(t.events.subscriberCount(ana.id)).toBe(1)
      hangUp.abort()
      await expect.poll(() => t.events.subscriberCount(ana.id)).toBe(0)
    } finally {
      await t.close()
      server.close()
    }
  })
})
