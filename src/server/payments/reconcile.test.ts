import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, type LogEntry } from '../../shared/logger'
import { BACKENDS, createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness'
import { insertAttempt, type PlanRow, paymentInput, planRow, purchaseLedger } from '../test/payment-attempts'
import { signedInPerson, type TestPerson } from '../test/users'
import type { PaymentDeps } from './deps'
import { createMercadoPagoProvider } from './mercadopago/adapter'
import { FAKE_ACCESS_TOKEN, type FakeMercadoPago, startFakeMercadoPago } from './mercadopago/fake-api'
import { reconcilePayments } from './reconcile'
import { YAPE_PENDING_PHONE } from './sandbox/outcomes'
import { createSandboxProvider, type SandboxProvider } from './sandbox/provider'
import { paymentAttempts, payments } from './schema'

const DAY = 24 * 60 * 60 * 1000
const NOW = { minAgeMs: 0, maxAgeMs: DAY }

const statusOf = async (t: TestApp, id: string) =>
  (
    await t.db.select({ s: paymentAttempts.status }).from(paymentAttempts).where(eq(paymentAttempts.id, id))
  )[0]?.s

describe.each(BACKENDS)('reconciling sandbox payments on %s', (backend) => {
  let t: TestApp
  let sandbox: SandboxProvider
  let deps: PaymentDeps
  let plan: PlanRow
  const logs: LogEntry[] = []
  beforeAll(async () => {
    t = await createTestApp(backend, { WELCOME_CREDITS: '0' })
    sandbox = createSandboxProvider(t.db, { baseUrl: TEST_BASE_URL })
    const logger = createLogger({ level: 'INFO', sinks: [(e) => void logs.push(e)] })
    deps = { db: t.db, logger, provider: sandbox, config: t.config.payments, baseUrl: TEST_BASE_URL }
    plan = await planRow(t.db)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  /** A card attempt whose request died right after the sandbox answered: the provider has it, we do not. */
  const cutShort = async (who: TestPerson, outcome: 'approved' | 'rejected', status = 'created') => {
    const attempt = await insertAttempt(t.db, { userId: who.id, plan, provider: 'sandbox', status })
    const token = await sandbox.createToken(
      outcome === 'approved'
        ? { status: 'approved', statusDetail: 'accredited' }
        : { status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' },
      'visa',
      '6176',
    )
    const payment = await sandbox.createPayment(paymentInput(attempt, plan, token))
    return { attempt, payment }
  }

  it('records what requests killed mid-payment left at the provider, crediting each approval exactly once across concurrent passes', async () => {
    const ana = await signedInPerson(t, 'ana')
    const approved = [
      await cutShort(ana, 'approved'),
      await cutShort(ana, 'approved'),
      // Its request failed after the charge (say, the database went away): 'error' still means unknown.
      await cutShort(ana, 'approved', 'error'),
    ]
    const rejected = await cutShort(ana, 'rejected')
    // Killed before its request reached the provider: nothing to find, left open.
    const never = await insertAttempt(t.db, { userId: ana.id, plan, provider: 'sandbox' })

    // Three instances reconciling the same database at once.
    const passes = await Promise.all([1, 2, 3].map(() => reconcilePayments(deps, NOW)))
    expect(passes.reduce((n, r) => n + r.credited, 0)).toBe(3)
    const ledger = await purchaseLedger(t.db, ana.id)
    expect(ledger.remaining).toBe(3 * plan.credits)
    for (const { payment } of approved) expect(ledger.perPayment.get(`payment:sandbox:${payment.id}`)).toBe(1)
    expect(ledger.perPayment.size).toBe(3)
    const rows = await t.db
      .select({ status: payments.status, credited: sql<boolean>`${payments.creditedAt} is not null` })
      .from(payments)
      .where(eq(payments.userId, ana.id))
    expect(rows.filter((r) => r.status === 'approved' && r.credited)).toHaveLength(3)
    expect(rows.filter((r) => r.status === 'rejected' && !r.credited)).toHaveLength(1)
    for (const { attempt } of approved) expect(await statusOf(t, attempt.id)).toBe('approved')
    expect(await statusOf(t, rejected.attempt.id)).toBe('rejected')
    expect(await statusOf(t, never.id)).toBe('created')

    // Nothing recorded is looked up again; only the one the provider never saw stays open.
    expect(await reconcilePayments(deps, NOW)).toEqual({ checked: 1, credited: 0, abandoned: 0 })
    expect((await purchaseLedger(t.db, ana.id)).remaining).toBe(3 * plan.credits)
  })

  it('credits a pending Yape payment once when a later pass finds it approved', async () => {
    const beto = await signedInPerson(t, 'beto')
    const token = (await (
      await t.call('/api/payment/sandbox/yape-token', {
        headers: { cookie: beto.cookie },
        body: { phoneNumber: YAPE_PENDING_PHONE, otp: '123456' },
      })
    ).json()) as { id: string }
    const res = await t.call('/api/payment/yape', {
      headers: { cookie: beto.cookie },
      body: {
        token: token.id,
        transaction_amount: plan.priceCents / 100,
        installments: 1,
        payment_method_id: 'yape',
        plan_id: plan.id,
      },
    })
    const pending = (await res.json()) as { id: string; status: string }
    expect(pending.status).toBe('in_process')
    expect(await reconcilePayments(deps, NOW)).toMatchObject({ credited: 0 })
    expect((await purchaseLedger(t.db, beto.id)).remaining).toBe(0)

    // The money arrives; no webhook reaches us.
    await sandbox.settlePayment(pending.id)
    const [first, second] = await Promise.all([reconcilePayments(deps, NOW), reconcilePayments(deps, NOW)])
    expect(first!.credited + second!.credited).toBe(1)
    expect(await reconcilePayments(deps, NOW)).toMatchObject({ credited: 0 })
    const ledger = await purchaseLedger(t.db, beto.id)
    expect(ledger.remaining).toBe(plan.credits)
    expect(ledger.perPayment.get(`payment:sandbox:${pending.id}`)).toBe(1)
  })

  it('leaves attempts younger than minAgeMs to their own request', async () => {
    const carla = await signedInPerson(t, 'carla')
    const { attempt } = await cutShort(carla, 'approved')
    const young = await reconcilePayments(deps, { minAgeMs: 60_000, maxAgeMs: DAY })
    expect(young.credited).toBe(0)
    expect(await statusOf(t, attempt.id)).toBe('created')
    expect((await reconcilePayments(deps, NOW)).credited).toBe(1)
  })

  it('gives up on an attempt the provider never confirmed after the maximum age, logged once', async () => {
    const dani = await signedInPerson(t, 'dani')
    const lost = await insertAttempt(t.db, { userId: dani.id, plan, provider: 'sandbox' })
    const late = await cutShort(dani, 'approved')
    await t.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(inArray(paymentAttempts.id, [lost.id, late.attempt.id]))
    logs.length = 0
    const passes = await Promise.all([reconcilePayments(deps, NOW), reconcilePayments(deps, NOW)])
    expect(passes.reduce((n, r) => n + r.abandoned, 0)).toBe(1)
    expect(await statusOf(t, lost.id)).toBe('abandoned')
    const gaveUp = logs.filter((e) => e.message.startsWith('Intento de pago abandonado'))
    expect(gaveUp).toHaveLength(1)
    expect(gaveUp[0]!.metadata).toMatchObject({ attemptId: lost.id, lastStatus: 'created' })
    // Old but approved at the provider: credited, not abandoned.
    expect(await statusOf(t, late.attempt.id)).toBe('approved')
    expect((await purchaseLedger(t.db, dani.id)).remaining).toBe(plan.credits)
    // Given up means closed: a later pass neither looks it up nor gives it up again.
    logs.length = 0
    expect((await reconcilePayments(deps, NOW)).abandoned).toBe(0)
    expect(logs.filter((e) => e.message.startsWith('Intento de pago abandonado'))).toHaveLength(0)
    expect(await statusOf(t, lost.id)).toBe('abandoned')
  })
})

describe.each(BACKENDS)('reconciling Mercado Pago payments (fake API) on %s', (backend) => {
  let fake: FakeMercadoPago
  let t: TestApp
  let deps: PaymentDeps
  let plan: PlanRow
  let ana: TestPerson
  const logs: LogEntry[] = []
  beforeAll(async () => {
    fake = await startFakeMercadoPago()
    t = await createTestApp(backend, { WELCOME_CREDITS: '0' })
    const provider = createMercadoPagoProvider({
      accessToken: FAKE_ACCESS_TOKEN,
      timeoutMs: 2000,
      baseUrl: fake.url,
    })
    const logger = createLogger({ level: 'INFO', sinks: [(e) => void logs.push(e)] })
    deps = { db: t.db, logger, provider, config: t.config.payments, baseUrl: TEST_BASE_URL }
    plan = await planRow(t.db)
    ana = await signedInPerson(t, 'ana')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  it('finds a payment made for a killed request by its external reference and credits it once', async () => {
    fake.outcomes.set('tok-aprobado', { status: 'approved', status_detail: 'accredited' })
    const attempt = await insertAttempt(t.db, { userId: ana.id, plan, provider: 'mercadopago' })
    const made = await deps.provider.createPayment(paymentInput(attempt, plan, 'tok-aprobado'))

    // Mercado Pago answers 500 until its retries run out: the pass stops, logs it, credits nothing.
    fake.failNext(3)
    logs.length = 0
    expect(await reconcilePayments(deps, NOW)).toEqual({ checked: 0, credited: 0, abandoned: 0 })
    expect(logs.map((e) => e.message)).toContain('No se pudo consultar al proveedor de pagos para conciliar')

    const passes = await Promise.all([reconcilePayments(deps, NOW), reconcilePayments(deps, NOW)])
    expect(passes.reduce((n, r) => n + r.credited, 0)).toBe(1)
    const search = fake.requests.filter((r) => r.path.startsWith('/v1/payments/search')).at(-1)!
    expect(new URL(search.path, fake.url).searchParams.get('external_reference')).toBe(attempt.id)
    const ledger = await purchaseLedger(t.db, ana.id)
    expect(ledger.remaining).toBe(plan.credits)
    expect(ledger.perPayment.get(`payment:mercadopago:${made.id}`)).toBe(1)
    expect(await statusOf(t, attempt.id)).toBe('approved')
  }, 20_000)

  it('credits a payment Mercado Pago approves after it was recorded pending, once', async () => {
    fake.outcomes.set('tok-contingencia', { status: 'in_process', status_detail: 'pending_contingency' })
    const attempt = await insertAttempt(t.db, { userId: ana.id, plan, provider: 'mercadopago' })
    const made = await deps.provider.createPayment(paymentInput(attempt, plan, 'tok-contingencia'))
    const before = (await purchaseLedger(t.db, ana.id)).remaining
    expect((await reconcilePayments(deps, NOW)).credited).toBe(0)
    expect(await statusOf(t, attempt.id)).toBe('in_process')
    Object.assign(fake.payments.get(made.id)!, { status: 'approved', status_detail: 'accredited' })
    expect((await reconcilePayments(deps, NOW)).credited).toBe(1)
    expect((await reconcilePayments(deps, NOW)).credited).toBe(0)
    expect((await purchaseLedger(t.db, ana.id)).remaining).toBe(before + plan.credits)
  })
})
