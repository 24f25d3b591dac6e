import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../credits/ledger'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import { createTestApp, type TestApp } from '../test/harness'
import { missing, postgres } from '../test/requirements'
import { signedInPerson, type TestPerson } from '../test/users'
import { fakeGateway } from './fake-gateway'
import { consultationSessions, consultations } from './schema'

// Row locks and a pool of real connections are what this is about: only a PostgreSQL server tests it.
describe.skipIf(missing(postgres()))('concurrent consultations on postgres', () => {
  let t: TestApp
  const fake = fakeGateway()
  let ana: TestPerson
  beforeAll(async () => {
    t = await createTestApp('postgres', { WELCOME_CREDITS: '1' }, { agentGateway: fake.gateway })
    ana = await signedInPerson(t, 'ana')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('admits exactly one of 50 simultaneous consultations when the user holds credits for one', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('/api/agentCommunication', {
          headers: { cookie: ana.cookie },
          body: { agentId: 'general', sessionId: `s-${i}`, userInput: '¿mandato?', countryCode: 'PE' },
        }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 402)).toHaveLength(49)
    expect(fake.state.runs).toBe(1)
    const [summary] = await t.db
      .select()
      .from(userCreditsSummary)
      .where(eq(userCreditsSummary.userId, ana.id))
    expect(summary).toMatchObject({ remainingCredits: 0, messagesSent: 1 })
    const [ledger] = await t.db
      .select({ sum: sql<number>`sum(${creditLedger.amount})::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, ana.id))
    expect(ledger?.sum).toBe(summary?.remainingCredits)
    const rows = await t.db.select().from(consultations).where(eq(consultations.userId, ana.id))
    expect(rows.map((r) => r.state)).toEqual(['charged'])
  })
  it('settles a race for a new chat id: its first claimant owns it and is served, the other user gets 404 and pays nothing', async () => {
    const [carla, dani] = [await signedInPerson(t, 'carla'), await signedInPerson(t, 'dani')]
    for (const p of [carla, dani]) await grantCredits(t.db, { userId: p.id, amount: 20, kind: 'admin' })
    for (let round = 0; round < 5; round++) {
      const sessionId = `race-${round}-${randomUUID()}`
      // Two tabs of each, all on the same id nobody has used yet.
      const responses = await Promise.all(
        [carla, dani, carla, dani].map(async (p) => {
          const res = await t.call('/api/agentCommunication', {
            headers: { cookie: p.cookie },
            body: { agentId: 'general', sessionId, userInput: '¿mandato?', countryCode: 'PE' },
          })
          return { who: p.id, status: res.status }
        }),
      )
      const [owner] = await t.db
        .select({ userId: consultationSessions.userId })
        .from(consultationSessions)
        .where(eq(consultationSessions.sessionId, sessionId))
      for (const r of responses) expect(r.status).toBe(r.who === owner?.userId ? 200 : 404)
    }
    for (const p of [carla, dani]) {
      const [summary] = await t.db
        .select()
        .from(userCreditsSummary)
        .where(eq(userCreditsSummary.userId, p.id))
      const charged = await t.db.select().from(consultations).where(eq(consultations.userId, p.id))
      expect(charged.every((c) => c.state === 'charged')).toBe(true)
      // Welcome credit + 20, less one per consultation served: a refused request cost nothing.
      expect(summary?.remainingCredits).toBe(21 - charged.length)
      expect(summary?.messagesSent).toBe(charged.length)
    }
  })
})
