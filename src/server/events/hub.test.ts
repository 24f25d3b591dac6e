import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../shared/logger'
import { streamEventSchema } from '../../shared/stream-events'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { missing, postgres } from '../test/requirements'
import { createEventHub } from './hub'
import {
  claimSession,
  collect,
  finishConsultation,
  insertPartial,
  insertPendingConsultation,
  insertUser,
  isPartial,
  setCredits,
} from './test-data'

describe.each(BACKENDS)('event hub on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(async () => {
    await t?.close()
  })

  it("delivers a partial answer to its session's owner and to no one else", async () => {
    const ana = await insertUser(t.db, 'ana')
    const beto = await insertUser(t.db, 'beto')
    const anaSession = await claimSession(t.db, ana)
    const betoSession = await claimSession(t.db, beto)
    const toAna = collect(t.events, ana)
    const toBeto = collect(t.events, beto)

    await insertPartial(t.db, betoSession, 'para Beto')
    await toBeto.until(isPartial('para Beto'))
    // Beto's event is out before Ana's row exists: had it gone to Ana too, she would have it first.
    await insertPartial(t.db, anaSession, 'para Ana')
    const got = await toAna.until(isPartial('para Ana'))

    expect(got).toEqual({ type: 'partial', session_id: anaSession, partial_answer: 'para Ana' })
    expect(toAna.events).toEqual([got])
    expect(toBeto.events.map((e) => e.type === 'partial' && e.session_id)).toEqual([betoSession])
    toAna.unsubscribe()
    toBeto.unsubscribe()
  })

  it('announces nothing for a session nobody has claimed', async () => {
    const carla = await insertUser(t.db, 'carla')
    const session = await claimSession(t.db, carla)
    const toCarla = collect(t.events, carla)
    await insertPartial(t.db, 'sesion-sin-dueno', 'huérfana')
    await insertPartial(t.db, session, 'la suya')
    await toCarla.until(isPartial('la suya'))
    expect(toCarla.events).toHaveLength(1)
    toCarla.unsubscribe()
  })

  it('coalesces a burst of partial answers into the newest one', async () => {
    const dora = await insertUser(t.db, 'dora')
    const session = await claimSession(t.db, dora)
    const toDora = collect(t.events, dora)
    // One transaction: twenty announcements arrive together at its commit.
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= 20; i++) await insertPartial(tx, session, `parte ${i}`)
    })
    await toDora.until(isPartial('parte 20'))
    await insertPartial(t.db, session, 'fin')
    await toDora.until(isPartial('fin'))
    expect(toDora.events.map((e) => e.type === 'partial' && e.partial_answer)).toEqual(['parte 20', 'fin'])
    toDora.unsubscribe()
  })

  it('announces the credit summary when it is created and when it changes', async () => {
    const eva = await insertUser(t.db, 'eva')
    const toEva = collect(t.events, eva)
    await setCredits(t.db, eva, 5)
    const created = await toEva.until((e) => e.type === 'credits' && e.summary.remaining_credits === 5)
    expect(streamEventSchema.parse(created)).toEqual({
      type: 'credits',
      summary: {
        remaining_credits: 5,
        total_credits: 10,
        messages_sent: 0,
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        user_id: eva,
      },
    })
    await setCredits(t.db, eva, 3)
    await toEva.until((e) => e.type === 'credits' && e.summary.remaining_credits === 3)
    toEva.unsubscribe()
  })

  it('announces a consultation when it finishes, not while it is pending', async () => {
    const fede = await insertUser(t.db, 'fede')
    const session = await claimSession(t.db, fede)
    const id = await insertPendingConsultation(t.db, fede, session)
    const toFede = collect(t.events, fede)
    await t.db.execute(`update consultations set error = 'nada' where id = ${id}`)
    await finishConsultation(t.db, id, 'La respuesta.')
    const done = await toFede.until((e) => e.type === 'consultation')
    expect(done).toMatchObject({
      type: 'consultation',
      consultation: {
        history_id: id,
        session_id: session,
        answer: 'La respuesta.',
        partial_answer: null,
        outcome: 'answered',
        state: 'charged',
        context_leyes: [],
      },
    })
    expect(streamEventSchema.safeParse(done).success).toBe(true)
    // A later change to a finished consultation is not news either.
    await t.db.execute(`update consultations set error = 'otra' where id = ${id}`)
    await setCredits(t.db, fede, 1)
    await toFede.until((e) => e.type === 'credits')
    expect(toFede.events.filter((e) => e.type === 'consultation')).toHaveLength(1)
    toFede.unsubscribe()
  })

  it('snapshots the credits and the newest partial of each pending consultation, since it began', async () => {
    const gabi = await insertUser(t.db, 'gabi')
    const pendingSession = await claimSession(t.db, gabi)
    const doneSession = await claimSession(t.db, gabi)
    await insertPartial(t.db, pendingSession, 'de una consulta anterior')
    await t.db.execute(`select pg_sleep(0.01)`)
    await insertPendingConsultation(t.db, gabi, pendingSession)
    const finished = await insertPendingConsultation(t.db, gabi, doneSession)
    await insertPartial(t.db, doneSession, 'ya terminada')
    await finishConsultation(t.db, finished, 'ok')
    expect(await t.events.snapshot(gabi)).toEqual([])

    await setCredits(t.db, gabi, 7)
    await insertPartial(t.db, pendingSession, 'va por aquí')
    await insertPartial(t.db, pendingSession, 'va por aquí y más')
    expect(await t.events.snapshot(gabi)).toEqual([
      { type: 'credits', summary: expect.objectContaining({ remaining_credits: 7, user_id: gabi }) },
      { type: 'partial', session_id: pendingSession, partial_answer: 'va por aquí y más' },
    ])
  })

  it('ends its subscriptions when it closes and delivers nothing after', async () => {
    const hub = createEventHub({ database: t.database, logger: createLogger({ level: 'ERROR', sinks: [] }) })
    await hub.start()
    const hugo = await insertUser(t.db, 'hugo')
    const session = await claimSession(t.db, hugo)
    let closedCalls = 0
    const received: string[] = []
    hub.subscribe(
      hugo,
      (e) => e.type === 'partial' && received.push(e.partial_answer),
      () => closedCalls++,
    )
    const viaHarness = collect(t.events, hugo)
    await insertPartial(t.db, session, 'antes')
    await viaHarness.until(isPartial('antes'))
    // The harness hub got it; give this hub's own load the same chance before closing it.
    await expect.poll(() => received).toEqual(['antes'])
    expect(hub.subscriberCount(hugo)).toBe(1)

    await hub.close()
    expect(closedCalls).toBe(1)
    expect(hub.subscriberCount()).toBe(0)
    await insertPartial(t.db, session, 'después')
    await viaHarness.until(isPartial('después'))
    expect(received).toEqual(['antes'])
    viaHarness.unsubscribe()
  })
})

describe.skipIf(missing(postgres()))('event hub on PostgreSQL, other connections', () => {
  let t: TestApp
  let other: pg.Client
  beforeAll(async () => {
    t = await createTestApp('postgres')
    other = new pg.Client({ connectionString: (t.database.client as pg.Pool).options.connectionString })
    await other.connect()
  })
  afterAll(async () => {
    await other?.end()
    await t?.close()
  })

  const warnings: string[] = []
  const recordingLogger = createLogger({ level: 'WARN', sinks: [(e) => void warnings.push(e.message)] })

  const listenerPids = async () => {
    const { rows } = await other.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN lexia_events'`,
    )
    return rows.map((r) => r.pid)
  }

  it('delivers rows written by another connection, as another app instance or n8n would', async () => {
    const ines = await insertUser(t.db, 'ines')
    const session = await claimSession(t.db, ines)
    const toInes = collect(t.events, ines)
    await other.query('insert into n8n_partial_answers (session_id, partial_answer) values ($1, $2)', [
      session,
      'desde n8n',
    ])
    expect(await toInes.until(isPartial('desde n8n'))).toEqual({
      type: 'partial',
      session_id: session,
      partial_answer: 'desde n8n',
    })
    await other.query(
      'insert into user_credits_summary (user_id, remaining_credits, total_credits) values ($1, 4, 4)',
      [ines],
    )
    await toInes.until((e) => e.type === 'credits' && e.summary.remaining_credits === 4)
    toInes.unsubscribe()
  })

  it('listens again when its connection is killed, and resends the state it may have missed', async () => {
    const hub = createEventHub({ database: t.database, logger: recordingLogger, reconnectDelaysMs: [300] })
    await hub.start()
    const juan = await insertUser(t.db, 'juan')
    const session = await claimSession(t.db, juan)
    await insertPendingConsultation(t.db, juan, session)
    const toJuan = collect(hub, juan)
    const before = await listenerPids()
    expect(before).toHaveLength(2) // the harness's hub and this one

    for (const pid of before) await other.query('select pg_terminate_backend($1)', [pid])
    // Written while this hub waits to listen again: only the state it resends can bring it.
    await other.query('insert into n8n_partial_answers (session_id, partial_answer) values ($1, $2)', [
      session,
      'durante el corte',
    ])
    await toJuan.until(isPartial('durante el corte'))
    await expect.poll(listenerPids).toHaveLength(2)
    expect((await listenerPids()).filter((pid) => before.includes(pid))).toEqual([])

    await other.query('insert into n8n_partial_answers (session_id, partial_answer) values ($1, $2)', [
      session,
      'después del corte',
    ])
    await toJuan.until(isPartial('después del corte'))
    expect(warnings.some((w) => w.includes('Se perdió la conexión de eventos'))).toBe(true)
    await hub.close()
  })
})
