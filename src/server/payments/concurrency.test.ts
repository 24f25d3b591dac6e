import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Plan } from '../../shared/payment-schemas'
import { creditLedger } from '../credits/schema'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { creditsOf, sandboxCardToken } from '../test/sandbox-payments'
import { signedInPerson, type TestPerson } from '../test/users'
import { paymentAttempts, payments, sandboxRecords } from './schema'

// Row locks between pooled connections are what a real server adds; PGlite still interleaves the requests at
// every await, which is enough to break a read-then-write claim, so both run.
describe.each(BACKENDS)('sandbox claims under concurrency on %s', (backend) => {
  let t: TestApp
  let plans: Plan[]
  beforeAll(async () => {
    t = await createTestApp(backend, { WELCOME_CREDITS: '1' })
    plans = (await (await t.call('/api/credits/plans')).json()) as Plan[]
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const plan = (planId: string) => plans.find((p) => p.planId === planId)!
  const credits = (who: TestPerson) => creditsOf(t, who.cookie)
  const cardToken = (who: TestPerson) => sandboxCardToken(t, who.cookie)

  it('charges one of 10 payments sent at once with one card token, and credits the plan once', async () => {
    const ana = await signedInPerson(t, 'ana')
    const p = plan('estandar-30')
    const before = await credits(ana)
    const token = await cardToken(ana)
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('/api/payment/create', {
          headers: { cookie: ana.cookie },
          body: {
            token,
            transaction_amount: p.price,
            payment_method_id: 'visa',
            payer: { email: ana.email, identification: { type: 'DNI', number: '12345678' } },
            installments: 1,
            plan_id: p.id,
          },
        }),
      ),
    )
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
    )
    const approved = bodies.filter((b) => b.status === 200)
    expect(approved).toHaveLength(1)
    expect(approved[0]!.body).toMatchObject({ success: true, status: 'approved' })
    for (const refused of bodies.filter((b) => b.status !== 200)) {
      expect(refused).toMatchObject({ status: 400, body: { success: false, statusDetail: 'invalid_card' } })
    }
    expect(await credits(ana)).toBe(before + p.credits)
    expect(await t.db.select().from(payments).where(eq(payments.userId, ana.id))).toHaveLength(1)
    const purchases = await t.db.select().from(creditLedger).where(eq(creditLedger.userId, ana.id))
    expect(purchases.filter((row) => row.kind === 'purchase')).toHaveLength(1)
    // Every attempt carried its own idempotency key: the provider could never mistake one for a retry of another.
    const attempts = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, ana.id))
    expect(attempts).toHaveLength(10)
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(10)
    expect(attempts.filter((a) => a.status === 'approved')).toHaveLength(1)
    // Refused by the provider (a spent token is a 4xx): nothing to look up later.
    expect(attempts.filter((a) => a.status === 'refused')).toHaveLength(9)
    const charges = await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.kind, 'payment'))
    const mine = new Set(attempts.map((a) => a.id))
    expect(charges.filter((c) => mine.has(String(c.data.externalReference)))).toHaveLength(1)
  })

  it('refuses a Yape token offered as a card without using it up: it still pays by Yape', async () => {
    const carla = await signedInPerson(t, 'carla')
    const p = plan('estandar-30')
    const before = await credits(carla)
    const tokenRes = await t.call('/api/payment/sandbox/yape-token', {
      headers: { cookie: carla.cookie },
      body: { phoneNumber: '111111111', otp: '123456' },
    })
    const { id: token } = (await tokenRes.json()) as { id: string }
    const asCard = await t.call('/api/payment/create', {
      headers: { cookie: carla.cookie },
      body: {
        token,
        transaction_amount: p.price,
        payment_method_id: 'visa',
        payer: { email: carla.email },
        installments: 1,
        plan_id: p.id,
      },
    })
    expect(asCard.status).toBe(400)
    expect(await asCard.json()).toMatchObject({ statusDetail: 'bad_configuration' })
    const byYape = await t.call('/api/payment/yape', {
      headers: { cookie: carla.cookie },
      body: { token, transaction_amount: p.price, installments: 1, payment_method_id: 'yape', plan_id: p.id },
    })
    expect(byYape.status).toBe(200)
    expect(await byYape.json()).toMatchObject({ status: 'approved' })
    expect(await credits(carla)).toBe(before + p.credits)
  })

  it('charges the first period once when a subscription is authorised five times at once', async () => {
    const beto = await signedInPerson(t, 'beto')
    const p = plan('mensual-60')
    const before = await credits(beto)
    const res = await t.call('/api/payment/subscription', {
      headers: { cookie: beto.cookie },
      body: { plan_id: p.id },
    })
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(`/api/payment/sandbox/subscriptions/${id}/authorize`, {
          headers: { cookie: beto.cookie },
          body: {},
        }),
      ),
    )
    expect(clicks.map((r) => r.status)).toEqual([303, 303, 303, 303, 303])
    expect(await credits(beto)).toBe(before + p.credits)
    const charges = await t.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.kind, 'authorized_payment'))
    expect(charges.filter((c) => c.data.subscriptionId === id)).toHaveLength(1)
  })
})
