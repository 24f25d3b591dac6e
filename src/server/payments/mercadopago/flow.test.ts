import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Plan } from '../../../shared/payment-schemas'
import type { TestApp } from '../../test/harness'
import { MP_TEST_WEBHOOK_SECRET, mercadoPagoTestApp, offeredPlan } from '../../test/mercadopago-app'
import { signedInPerson, type TestPerson } from '../../test/users'
import { payments } from '../schema'
import { signNotification } from '../signature'
import { type FakeMercadoPago, startFakeMercadoPago } from './fake-api'

/** The whole purchase path with the real adapter, against the local fake of Mercado Pago's API. */
describe('buying with Mercado Pago (fake API)', () => {
  let fake: FakeMercadoPago
  let t: TestApp
  let ana: TestPerson
  let plan: Plan
  beforeAll(async () => {
    fake = await startFakeMercadoPago()
    t = await mercadoPagoTestApp('pglite', fake)
    ana = await signedInPerson(t, 'ana')
    plan = await offeredPlan(t, 'estandar-30')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  const credits = async () =>
    (
      (await (await t.call('/api/credits', { headers: { cookie: ana.cookie } })).json()) as {
        remaining_credits: number
      }
    ).remaining_credits
  const pay = (token: string) =>
    t.call('/api/payment/create', {
      headers: { cookie: ana.cookie, 'x-meli-session-id': 'armor.abc' },
      body: {
        token,
        transaction_amount: plan.price,
        payment_method_id: 'visa',
        payer: { email: ana.email },
        installments: 1,
        plan_id: plan.id,
      },
    })
  const webhook = (id: string) => {
    const requestId = crypto.randomUUID()
    return t.call(`/api/payment/webhook?data.id=${id}&type=payment`, {
      headers: {
        origin: '',
        'x-request-id': requestId,
        'x-signature': signNotification(
          MP_TEST_WEBHOOK_SECRET,
          id,
          requestId,
          String(Math.floor(Date.now() / 1000)),
        ),
      },
      body: { type: 'payment', data: { id } },
    })
  }

  it('exposes the public key, charges the plan price with one instalment and the device id, and credits', async () => {
    expect(await (await t.call('/api/payment/config', { headers: { cookie: ana.cookie } })).json()).toEqual({
      provider: 'mercadopago',
      publicKey: 'TEST-public',
    })
    fake.outcomes.set('tok-apro', { status: 'approved', status_detail: 'accredited' })
    const before = await credits()
    const res = await pay('tok-apro')
    expect(await res.json()).toMatchObject({ success: true, status: 'approved' })
    const sent = fake.requests.at(-1)!
    expect(sent.headers['x-meli-session-id']).toBe('armor.abc')
    expect(JSON.parse(sent.body)).toMatchObject({ transaction_amount: plan.price, installments: 1 })
    expect(await credits()).toBe(before + plan.credits)
  })

  it('maps a 402 from Mercado Pago to a 402 with the insufficient-funds detail', async () => {
    fake.outcomes.set('tok-402', {
      httpStatus: 402,
      error: {
        message: 'payment required',
        error: 'payment_required',
        status: 402,
        cause: [{ code: 'cc_rejected_insufficient_amount', description: 'x' }],
      },
    })
    const res = await pay('tok-402')
    expect(res.status).toBe(402)
    expect(await res.json()).toMatchObject({
      success: false,
      statusDetail: 'cc_rejected_insufficient_amount',
    })
  })

  it('does not credit an approval whose amount is not the plan price; credits it once it is', async () => {
    fake.outcomes.set('tok-cont', { status: 'in_process', status_detail: 'pending_contingency' })
    const before = await credits()
    const pending = (await (await pay('tok-cont')).json()) as { paymentId: string; status: string }
    expect(pending.status).toBe('in_process')
    const remote = fake.payments.get(pending.paymentId)!
    Object.assign(remote, { status: 'approved', status_detail: 'accredited', transaction_amount: 0.5 })
    expect((await webhook(pending.paymentId)).status).toBe(200)
    expect(await credits()).toBe(before)
    const [row] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, pending.paymentId))
    expect(row?.creditedAt).toBeNull()
    Object.assign(remote, { transaction_amount: plan.price })
    expect((await webhook(pending.paymentId)).status).toBe(200)
    expect(await credits()).toBe(before + plan.credits)
  })

  it('sends each of 10 simultaneous payments with one token under its own idempotency key: one charge, one credit', async () => {
    fake.outcomes.set('tok-once', { status: 'approved', status_detail: 'accredited' })
    const before = await credits()
    const sentBefore = fake.requests.length
    const responses = await Promise.all(Array.from({ length: 10 }, () => pay('tok-once')))
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 400)).toHaveLength(9)
    const keys = fake.requests
      .slice(sentBefore)
      .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/payments'))
      .map((r) => r.headers['x-idempotency-key'])
    expect(keys).toHaveLength(10)
    expect(new Set(keys).size).toBe(10)
    expect(await credits()).toBe(before + plan.credits)
  })

  it('acknowledges a notification for a payment Mercado Pago does not know, writing nothing', async () => {
    const res = await webhook('424242')
    expect(await res.json()).toEqual({ received: true, result: 'desconocido' })
  })
})
