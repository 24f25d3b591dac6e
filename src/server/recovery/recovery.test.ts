import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../shared/logger'
import { consultations } from '../consultations/schema'
import { refundStaleReservations, reserveConsultation } from '../consultations/settlement'
import { grantCredits } from '../credits/ledger'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import type { PaymentDeps } from '../payments/deps'
import { createSandboxProvider, type SandboxProvider } from '../payments/sandbox/provider'
import { BACKENDS, createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness'
import { insertAttempt, paymentInput, planRow, purchaseLedger } from '../test/payment-attempts'
import { signedInPerson, type TestPerson } from '../test/users'
import { startRecovery } from './recovery'
import { type RecoveryTimings, recoveryTimings, reservationLimitMs } from './timings'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await sleep(25)
  }
}

describe('recovery timings', () => {
  it('derive from AGENT_TIMEOUT_MS: a tenth of it between sweeps (2 to 30 s), refunds after it plus a grace', () => {
    expect(recoveryTimings(90_000)).toMatchObject({ sweepEveryMs: 9000, staleAfterMs: 91_000 })
    expect(recoveryTimings(1000)).toMatchObject({ sweepEveryMs: 2000, staleAfterMs: 2000 })
    expect(recoveryTimings(600_000).sweepEveryMs).toBe(30_000)
    expect(reservationLimitMs(recoveryTimings(90_000))).toBe(100_000)
    expect(recoveryTimings(3000).reconcileEveryMs).toBeGreaterThanOrEqual(recoveryTimings(3000).sweepEveryMs)
  })
})

describe.each(BACKENDS)('recovery sweeps on %s', (backend) => {
  let t: TestApp
  let sandbox: SandboxProvider
  let payments: PaymentDeps
  let ana: TestPerson
  const logger = createLogger({ level: 'ERROR' })
  beforeAll(async () => {
    t = await createTestApp(backend, { WELCOME_CREDITS: '0' })
    sandbox = createSandboxProvider(t.db, { baseUrl: TEST_BASE_URL })
    payments = { db: t.db, logger, provider: sandbox, config: t.config.payments, baseUrl: TEST_BASE_URL }
    ana = await signedInPerson(t, 'ana')
    await grantCredits(t.db, { userId: ana.id, amount: 100, kind: 'admin' })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const reserve = async (n: number) => {
    const ids: number[] = []
    for (let i = 0; i < n; i++) {
      const r = await reserveConsultation(t.db, {
        userId: ana.id,
        sessionId: `s-${crypto.randomUUID()}`,
        agentId: 'general',
        countryCode: 'PE',
        question: '¿mandato?',
        cost: 1,
      })
      ids.push(r.id!)
    }
    return ids
  }
  const balance = async () =>
    (
      await t.db
        .select({ n: userCreditsSummary.remainingCredits })
        .from(userCreditsSummary)
        .where(eq(userCreditsSummary.userId, ana.id))
    )[0]!.n
  const refundRows = async (ids: number[]) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(creditLedger)
        .where(and(eq(creditLedger.kind, 'refund'), inArray(creditLedger.consultationId, ids)))
    )[0]!.n

  it('refunds only reservations past the limit, each once, however many sweeps run at once', async () => {
    const start = await balance()
    const old = await reserve(6)
    const fresh = await reserve(2)
    await t.db
      .update(consultations)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(inArray(consultations.id, old))
    // Four instances sweeping the same database together.
    const swept = await Promise.all([1, 2, 3, 4].map(() => refundStaleReservations(t.db, 60_000)))
    expect(swept.reduce((a, b) => a + b, 0)).toBe(6)
    expect(await refundRows(old)).toBe(6)
    expect(await refundRows(fresh)).toBe(0)
    expect(await balance()).toBe(start - 2)
    const states = await t.db
      .select({ id: consultations.id, state: consultations.state, outcome: consultations.outcome })
      .from(consultations)
      .where(inArray(consultations.id, [...old, ...fresh]))
    for (const row of states)
      expect(row).toMatchObject(
        old.includes(row.id)
          ? { state: 'refunded', outcome: 'timeout' }
          : { state: 'reserved', outcome: 'pending' },
      )
  })

  it('sweeps periodically, refunding within the limit, and does nothing once stopped', async () => {
    const timings: RecoveryTimings = {
      sweepEveryMs: 200,
      staleAfterMs: 600,
      reconcileEveryMs: 60_000,
      attemptMaxAgeMs: 60_000,
    }
    const recovery = startRecovery({ db: t.db, logger, payments: null, timings })
    const [id] = await reserve(1)
    const state = async () =>
      (
        await t.db
          .select({
            state: consultations.state,
            age: sql<number>`extract(epoch from finished_at - created_at) * 1000`,
          })
          .from(consultations)
          .where(eq(consultations.id, id!))
      )[0]!
    const done = await until(state, (s) => s.state === 'refunded', 5000)
    expect(done.state).toBe('refunded')
    expect(Number(done.age)).toBeGreaterThanOrEqual(timings.staleAfterMs)
    // One pass's own run time is the only slack.
    expect(Number(done.age)).toBeLessThan(reservationLimitMs(timings) + 500)
    await recovery.stop()

    const [after] = await reserve(1)
    await sleep(reservationLimitMs(timings) + 400)
    const [row] = await t.db.select().from(consultations).where(eq(consultations.id, after!))
    expect(row?.state).toBe('reserved')
    await refundStaleReservations(t.db, 0)
  })

  it('reconciles payments at once on start, then a pending one approved later on a periodic pass', async () => {
    const plan = await planRow(t.db)
    const beto = await signedInPerson(t, 'beto')
    const cutShort = async (status: 'approved' | 'in_process') => {
      const attempt = await insertAttempt(t.db, { userId: beto.id, plan, provider: 'sandbox' })
      const token = await sandbox.createToken(
        { status, statusDetail: status === 'approved' ? 'accredited' : 'pending_contingency' },
        'visa',
        '6176',
      )
      return sandbox.createPayment(paymentInput(attempt, plan, token))
    }
    const approved = await cutShort('approved')
    const pending = await cutShort('in_process')
    const recovery = startRecovery({
      db: t.db,
      logger,
      payments,
      timings: { sweepEveryMs: 60_000, staleAfterMs: 60_000, reconcileEveryMs: 300, attemptMaxAgeMs: 60_000 },
    })
    try {
      const credited = await until(
        () => purchaseLedger(t.db, beto.id),
        (l) => l.remaining === plan.credits,
        3000,
      )
      expect(credited.perPayment.get(`payment:sandbox:${approved.id}`)).toBe(1)
      await sandbox.settlePayment(pending.id)
      const both = await until(
        () => purchaseLedger(t.db, beto.id),
        (l) => l.remaining === 2 * plan.credits,
        3000,
      )
      expect(both.perPayment.get(`payment:sandbox:${pending.id}`)).toBe(1)
      // More passes change nothing.
      await sleep(700)
      expect((await purchaseLedger(t.db, beto.id)).remaining).toBe(2 * plan.credits)
    } finally {
      await recovery.stop()
    }
  })
})
