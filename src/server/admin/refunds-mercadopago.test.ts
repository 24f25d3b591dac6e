import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../shared/admin/common'
import { type AdminPayment, PAYMENT_MESSAGES, type RefundResult } from '../../shared/admin/payments'
import type { Plan } from '../../shared/payment-schemas'
import { creditLedger } from '../credits/schema'
import { type FakeMercadoPago, startFakeMercadoPago } from '../payments/mercadopago/fake-api'
import { PaymentProviderError } from '../payments/provider'
import { paymentRefunds, payments } from '../payments/schema'
import { BACKENDS, type TestApp } from '../test/harness'
import { mercadoPagoTestApp, offeredPlan } from '../test/mercadopago-app'
import { creditsOf } from '../test/sandbox-payments'
import { auditRows, consoleActors } from './test-setup'

/**
 * Refunds from the console reach Mercado Pago (the real adapter, against the local fake of its API): the money
 * goes back once per refund, whatever fails between the console, the server and Mercado Pago.
 */
describe.each(BACKENDS)('console refunds through Mercado Pago (fake API, %s)', (backend) => {
  let fake: FakeMercadoPago
  let t: TestApp
  let actors: Awaited<ReturnType<typeof consoleActors>>
  let plan: Plan
  /** Set to lose the next refund's answer after Mercado Pago made it (a crash or a cut connection). */
  let loseNextAnswer = false
  /** Set to hold refund calls until two arrived (two requests racing for one payment). */
  let holdUntilTwo: { arrived: number; release: () => void; released: Promise<void> } | null = null

  beforeAll(async () => {
    fake = await startFakeMercadoPago()
    t = await mercadoPagoTestApp(backend, fake, (mp) => ({
      ...mp,
      async refundPayment(input) {
        if (holdUntilTwo) {
          holdUntilTwo.arrived++
          if (holdUntilTwo.arrived === 2) holdUntilTwo.release()
          await holdUntilTwo.released
        }
        const made = await mp.refundPayment(input)
        if (loseNextAnswer) {
          loseNextAnswer = false
          throw new PaymentProviderError('respuesta perdida', 502)
        }
        return made
      },
    }))
    actors = await consoleActors(t)
    plan = await offeredPlan(t, 'estandar-30')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  /** Ana buys the plan with an approved card; the console's view of that payment. */
  async function bought(): Promise<AdminPayment> {
    const token = `tok-${crypto.randomUUID()}`
    fake.outcomes.set(token, { status: 'approved', status_detail: 'accredited' })
    const res = await t.call('/api/payment/create', {
      headers: { cookie: actors.ana.cookie, 'x-meli-session-id': 'armor.abc' },
      body: {
        token,
        transaction_amount: plan.price,
        payment_method_id: 'visa',
        payer: { email: actors.ana.email },
        installments: 1,
        plan_id: plan.id,
      },
    })
    const { paymentId } = (await res.json()) as { paymentId: string }
    const list = (await (
      await actors.asAdmin(`/api/admin/payments?q=${paymentId}`)
    ).json()) as Page<AdminPayment>
    return list.items[0]!
  }
  const refund = (payment: AdminPayment, body: { credits?: number; reason: string }) =>
    actors.asAdmin(`/api/admin/payments/${payment.id}/refund`, { body })
  const refundsAtMp = (payment: AdminPayment) =>
    [...fake.refunds.values()].filter((r) => String(r.payment_id) === payment.providerPaymentId)
  const ledgerOf = async (refundId: string) =>
    t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, `payment-refund:${refundId}`))

  it('returns part of the money at Mercado Pago with the refund id as idempotency key, and records it once', async () => {
    const payment = await bought()
    expect(payment).toMatchObject({ provider: 'mercadopago', credits: plan.credits, refundedCredits: 0 })
    const before = await creditsOf(t, actors.ana.cookie)
    const res = await refund(payment, { credits: 10, reason: 'Cobro duplicado' })
    expect(res.status).toBe(200)
    const result = (await res.json()) as RefundResult
    const amount = Math.round((plan.price * 100 * 10) / plan.credits) / 100
    expect(result).toMatchObject({ creditsRemoved: 10, refund: { credits: 10, amount }, resumed: false })
    const [made] = refundsAtMp(payment)
    expect(refundsAtMp(payment)).toHaveLength(1)
    expect(made).toMatchObject({ amount })
    expect(result.refund.providerRefundId).toBe(String(made!.id))
    const sent = fake.requests.findLast(
      (r) => r.path === `/v1/payments/${payment.providerPaymentId}/refunds`,
    )!
    expect(sent.headers['x-idempotency-key']).toBe(result.refund.id)
    expect(await creditsOf(t, actors.ana.cookie)).toBe(before - 10)
    expect(await ledgerOf(result.refund.id)).toHaveLength(1)
    expect((await auditRows(t))[0]).toMatchObject({ action: 'payment.refund', reason: 'Cobro duplicado' })

    // The rest: the whole remainder, the payment refunded at Mercado Pago and here.
    const rest = (await (await refund(payment, { reason: 'Devolución total' })).json()) as RefundResult
    expect(rest.payment).toMatchObject({ status: 'refunded', refundedAmount: plan.price })
    expect(fake.payments.get(payment.providerPaymentId)).toMatchObject({ status: 'refunded' })
  })

  it('records nothing when Mercado Pago refuses, and says why in Spanish', async () => {
    const payment = await bought()
    fake.refundRefusals.set(payment.providerPaymentId, {
      httpStatus: 400,
      error: {
        message: 'Invalid operation',
        error: 'bad_request',
        status: 400,
        cause: [{ code: 2085, description: 'x' }],
      },
    })
    const balance = await creditsOf(t, actors.ana.cookie)
    const audits = (await auditRows(t)).length
    const res = await refund(payment, { reason: 'Fuera de plazo' })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      code: 'PAYMENT_ERROR',
      message: expect.stringMatching(/^Mercado Pago rechazó el reembolso \(código 2085\)/),
    })
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toEqual(
      [],
    )
    expect(await creditsOf(t, actors.ana.cookie)).toBe(balance)
    expect((await auditRows(t)).length).toBe(audits)
    fake.refundRefusals.delete(payment.providerPaymentId)
  })

  it('keeps an unconfirmed refund pending and completes it on the retry without refunding twice', async () => {
    const payment = await bought()
    const balance = await creditsOf(t, actors.ana.cookie)

    // Mercado Pago made the refund but its answer was lost: nothing is settled, the row stays pending.
    loseNextAnswer = true
    const lost = await refund(payment, { credits: 5, reason: 'Pedido por la usuaria' })
    expect(lost.status).toBe(502)
    expect(await lost.json()).toMatchObject({ message: PAYMENT_MESSAGES.refundPending })
    expect(refundsAtMp(payment)).toHaveLength(1)
    const [pending] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))
    expect(pending).toMatchObject({ status: 'pending', credits: 5 })
    expect(await ledgerOf(pending!.id)).toEqual([])
    const listed = (await (
      await actors.asAdmin(`/api/admin/payments?q=${payment.providerPaymentId}`)
    ).json()) as Page<AdminPayment>
    expect(listed.items[0]).toMatchObject({ refundPending: true, refundedCredits: 5 })

    // The retry (whatever it asks) finishes that refund with the same key: Mercado Pago answers the one it made.
    const retried = await refund(payment, { credits: 7, reason: 'Otra vez' })
    expect(retried.status).toBe(200)
    expect(await retried.json()).toMatchObject({
      resumed: true,
      creditsRemoved: 5,
      refund: { id: pending!.id },
    })
    expect(refundsAtMp(payment)).toHaveLength(1)
    expect(await ledgerOf(pending!.id)).toHaveLength(1)
    expect(await creditsOf(t, actors.ana.cookie)).toBe(balance - 5)

    // Mercado Pago unreachable (500 on the call and both retries): pending again, and the retry refunds once.
    fake.failNext(3)
    const down = await refund(payment, { credits: 3, reason: 'Sin respuesta' })
    expect(down.status).toBe(502)
    expect(refundsAtMp(payment)).toHaveLength(1)
    const again = (await (
      await refund(payment, { credits: 3, reason: 'Sin respuesta' })
    ).json()) as RefundResult
    expect(again).toMatchObject({ resumed: true, creditsRemoved: 3, payment: { refundedCredits: 8 } })
    expect(refundsAtMp(payment)).toHaveLength(2)
    expect(await creditsOf(t, actors.ana.cookie)).toBe(balance - 8)
  }, 20_000)

  it('refunds once when two operators press at the same time', async () => {
    const payment = await bought()
    const balance = await creditsOf(t, actors.ana.cookie)
    // The first request's call to Mercado Pago waits for the second's: the second must take up the same refund.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    holdUntilTwo = { arrived: 0, release, released }
    const answers = await Promise.all([
      refund(payment, { credits: 4, reason: 'Operadora 1' }),
      refund(payment, { credits: 4, reason: 'Operadora 2' }),
    ])
    holdUntilTwo = null
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const results = (await Promise.all(answers.map((r) => r.json()))) as RefundResult[]
    // The second took up the first's pending refund: one refund, at Mercado Pago and here.
    expect(new Set(results.map((r) => r.refund.id)).size).toBe(1)
    expect(results.map((r) => r.resumed).sort()).toEqual([false, true])
    expect(refundsAtMp(payment)).toHaveLength(1)
    expect(await ledgerOf(results[0]!.refund.id)).toHaveLength(1)
    expect(await creditsOf(t, actors.ana.cookie)).toBe(balance - 4)
  })

  it('refunds a payment the sandbox made only through the sandbox', async () => {
    const payment = await bought()
    await t.db.update(payments).set({ provider: 'sandbox' }).where(eq(payments.id, payment.id))
    const res = await refund(payment, { reason: 'Pago de pruebas' })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ message: PAYMENT_MESSAGES.otherProvider })
    expect(refundsAtMp(payment)).toEqual([])
  })
})
