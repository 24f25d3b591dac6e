import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CreatePaymentInput, type PaymentProvider, PaymentProviderError } from '../provider'
import { createMercadoPagoProvider } from './adapter'
import { FAKE_ACCESS_TOKEN, type FakeMercadoPago, startFakeMercadoPago } from './fake-api'

let fake: FakeMercadoPago
let mp: PaymentProvider

beforeAll(async () => {
  fake = await startFakeMercadoPago()
  mp = createMercadoPagoProvider({ accessToken: FAKE_ACCESS_TOKEN, timeoutMs: 2000, baseUrl: fake.url })
})
afterAll(async () => {
  await fake.close()
})

/** A fresh approved card token: Mercado Pago's tokens pay once, and so do the fake's. */
const approvedToken = () => {
  const token = `tok-aprobado-${crypto.randomUUID()}`
  fake.outcomes.set(token, { status: 'approved', status_detail: 'accredited' })
  return token
}

const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  idempotencyKey: crypto.randomUUID(),
  token: approvedToken(),
  amount: 24.9,
  description: 'Lexia · Estándar (30 créditos)',
  methodId: 'visa',
  installments: 1,
  payer: { email: 'ana@ejemplo.pe', identification: { type: 'DNI', number: '12345678' } },
  externalReference: 'b4c0ffee-0000-4000-8000-000000000001',
  items: [
    {
      id: 'estandar-30',
      title: 'Estándar',
      description: '',
      categoryId: 'services',
      quantity: 1,
      unitPrice: 24.9,
    },
  ],
  deviceId: null,
  notificationUrl: null,
  ...over,
})

describe('Mercado Pago adapter (against a local fake of its API)', () => {
  it('creates an approved payment with our body, bearer token and idempotency key', async () => {
    const req = input()
    const payment = await mp.createPayment(req)
    expect(payment).toMatchObject({
      status: 'approved',
      statusDetail: 'accredited',
      amount: 24.9,
      currency: 'PEN',
      methodId: 'visa',
      externalReference: req.externalReference,
      subscriptionId: null,
    })
    const sent = fake.requests.at(-1)!
    expect(sent.headers.authorization).toBe(`Bearer ${FAKE_ACCESS_TOKEN}`)
    expect(sent.headers['x-idempotency-key']).toBe(req.idempotencyKey)
    expect(JSON.parse(sent.body)).toMatchObject({
      transaction_amount: 24.9,
      installments: 1,
      token: req.token,
      payer: { email: 'ana@ejemplo.pe', identification: { type: 'DNI', number: '12345678' } },
      external_reference: req.externalReference,
      statement_descriptor: 'LEXIA',
      additional_info: { items: [{ id: 'estandar-30', unit_price: 24.9, quantity: 1 }] },
    })
  })

  it('answers a repeated idempotency key with the same payment', async () => {
    const req = input()
    const first = await mp.createPayment(req)
    const again = await mp.createPayment(req)
    expect(again.id).toBe(first.id)
  })

  it('keeps a rejection and its status_detail', async () => {
    fake.outcomes.set('tok-fondos', { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' })
    const payment = await mp.createPayment(input({ token: 'tok-fondos' }))
    expect(payment).toMatchObject({ status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' })
  })

  it('turns Mercado Pago errors into PaymentProviderError with status and cause code', async () => {
    const refusal = await mp.createPayment(input({ token: 'desconocido' })).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(PaymentProviderError)
    expect(refusal).toMatchObject({ status: 400, code: '2006' })
    fake.outcomes.set('tok-402', {
      httpStatus: 402,
      error: {
        message: 'Payment required',
        error: 'payment_required',
        status: 402,
        cause: [{ code: 'cc_rejected_insufficient_amount', description: 'x' }],
      },
    })
    expect(await mp.createPayment(input({ token: 'tok-402' })).catch((e: unknown) => e)).toMatchObject({
      status: 402,
      code: 'cc_rejected_insufficient_amount',
      // 'Payment required' stays with Mercado Pago: the payer reads Spanish.
      message: 'Tu tarjeta no tiene fondos suficientes.',
    })
  })

  it('forwards the device id, and a later request does not inherit an earlier one’s headers', async () => {
    const first = input({ deviceId: 'armor.device-123' })
    await mp.createPayment(first)
    expect(fake.requests.at(-1)!.headers['x-meli-session-id']).toBe('armor.device-123')
    const second = input()
    await mp.createPayment(second)
    const sent = fake.requests.at(-1)!
    expect(sent.headers['x-meli-session-id']).toBeUndefined()
    expect(sent.headers['x-idempotency-key']).toBe(second.idempotencyKey)
  })

  it('reads a payment, and null for one Mercado Pago does not know', async () => {
    const made = await mp.createPayment(input())
    expect(await mp.getPayment(made.id)).toMatchObject({ id: made.id, status: 'approved' })
    expect(await mp.getPayment('999')).toBeNull()
  })

  it('finds the payments of an external reference through Mercado Pago’s search, oldest first', async () => {
    // Its own token: tokens pay once, and 'tok-fondos' was spent by an earlier test.
    fake.outcomes.set('tok-fondos-busqueda', {
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
    })
    const reference = crypto.randomUUID()
    const rejected = await mp.createPayment(
      input({ externalReference: reference, token: 'tok-fondos-busqueda' }),
    )
    const approved = await mp.createPayment(input({ externalReference: reference }))
    await mp.createPayment(input())
    const found = await mp.findPayments(reference)
    expect(found.map((p) => [p.id, p.status, p.externalReference])).toEqual([
      [rejected.id, 'rejected', reference],
      [approved.id, 'approved', reference],
    ])
    expect(found[1]).toMatchObject({ amount: 24.9, currency: 'PEN', methodId: 'visa' })
    const sent = fake.requests.at(-1)!
    expect(sent.method).toBe('GET')
    expect(sent.headers.authorization).toBe(`Bearer ${FAKE_ACCESS_TOKEN}`)
    const query = new URL(sent.path, fake.url).searchParams
    expect(query.get('external_reference')).toBe(reference)
    expect(query.get('sort')).toBe('date_created')
    expect(query.get('criteria')).toBe('asc')
    expect(await mp.findPayments(crypto.randomUUID())).toEqual([])
  })

  it('retries a 5xx twice (spec §9) and then succeeds, with the same idempotency key', async () => {
    const before = fake.requests.length
    fake.failNext(2)
    const req = input()
    const payment = await mp.createPayment(req)
    expect(payment.status).toBe('approved')
    const sent = fake.requests.slice(before)
    expect(sent).toHaveLength(3)
    expect(new Set(sent.map((r) => r.headers['x-idempotency-key']))).toEqual(new Set([req.idempotencyKey]))
    fake.failNext(3)
    expect(await mp.createPayment(input()).catch((e: unknown) => e)).toMatchObject({ status: 500 })
  }, 20_000)

  it('creates, reads and cancels a subscription; reads an authorized payment', async () => {
    const sub = await mp.createSubscription({
      idempotencyKey: crypto.randomUUID(),
      reason: 'Lexia · Suscripción mensual',
      amount: 39.9,
      frequencyMonths: 1,
      payerEmail: 'ana@ejemplo.pe',
      externalReference: 'ref-1',
      backUrl: 'https://lexia.pe/protected/chat',
      notificationUrl: null,
    })
    expect(sub).toMatchObject({ status: 'pending', externalReference: 'ref-1' })
    expect(sub.initPoint).toMatch(/^https:\/\/www\.mercadopago\.com\.pe\//)
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        transaction_amount: 39.9,
        currency_id: 'PEN',
      },
    })
    expect((await mp.getSubscription(sub.id))?.status).toBe('pending')
    expect((await mp.cancelSubscription(sub.id)).status).toBe('cancelled')
    expect(await mp.getSubscription('nope')).toBeNull()

    fake.authorized.set('7001', {
      id: 7001,
      preapproval_id: sub.id,
      status: 'processed',
      transaction_amount: 39.9,
      payment: { id: 555, status: 'approved', status_detail: 'accredited' },
    })
    expect(await mp.getAuthorizedPayment('7001')).toEqual({
      id: '7001',
      subscriptionId: sub.id,
      status: 'processed',
      payment: { id: '555', status: 'approved', statusDetail: 'accredited' },
      amount: 39.9,
    })
    expect(await mp.getAuthorizedPayment('7002')).toBeNull()
  })
  it('refunds part of a payment, then the rest, once per idempotency key; a refusal is Spanish', async () => {
    const payment = await mp.createPayment(input())
    const key = crypto.randomUUID()
    const part = await mp.refundPayment({ paymentId: payment.id, amount: 10, idempotencyKey: key })
    expect(part).toMatchObject({ paymentId: payment.id, amount: 10, status: 'approved' })
    const sent = fake.requests.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', path: `/v1/payments/${payment.id}/refunds` })
    expect(sent.headers['x-idempotency-key']).toBe(key)
    expect(JSON.parse(sent.body)).toEqual({ amount: 10 })
    // The same key again (a retry after a lost answer) is the same refund, not a second one.
    expect(await mp.refundPayment({ paymentId: payment.id, amount: 10, idempotencyKey: key })).toEqual(part)
    expect([...fake.refunds.values()].filter((r) => String(r.payment_id) === payment.id)).toHaveLength(1)

    const tooMuch = await mp
      .refundPayment({ paymentId: payment.id, amount: 20, idempotencyKey: crypto.randomUUID() })
      .catch((e: unknown) => e)
    expect(tooMuch).toBeInstanceOf(PaymentProviderError)
    expect(tooMuch).toMatchObject({ status: 400, code: '4040' })
    expect((tooMuch as Error).message).toMatch(/^Mercado Pago rechazó el reembolso \(código 4040\)/)

    const rest = await mp.refundPayment({
      paymentId: payment.id,
      amount: null,
      idempotencyKey: crypto.randomUUID(),
    })
    expect(rest.amount).toBe(14.9)
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({})
    expect((await mp.getPayment(payment.id))?.status).toBe('refunded')
    const missing = await mp
      .refundPayment({ paymentId: '42', amount: null, idempotencyKey: crypto.randomUUID() })
      .catch((e: unknown) => e)
    expect(missing).toMatchObject({
      status: 404,
      message: 'Mercado Pago no encuentra este pago: no se reembolsó nada.',
    })
  })
})
