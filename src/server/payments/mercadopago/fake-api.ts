import type { ServerResponse } from 'node:http'
import { type FakeServer, type RecordedRequest, startFakeServer } from '../../test/fake-http'

/** What a token pays like in the fake (Mercado Pago decides it from the card; tests decide it here). */
export type FakeOutcome = { status: string; status_detail: string } | { httpStatus: number; error: MpError }
type MpError = {
  message: string
  error: string
  status: number
  cause: { code: string | number; description: string }[]
}

export type FakeRefusal = Extract<FakeOutcome, { httpStatus: number }>

export type FakeMercadoPago = FakeServer & {
  /**
   * Token → outcome; unknown tokens are refused like Mercado Pago refuses them (400, cause 2006). A token pays
   * once: a second payment with it (another idempotency key) is refused as used.
   */
  outcomes: Map<string, FakeOutcome>
  /** Answer the next N requests with 500, to see the SDK's retries. */
  failNext(n: number): void
  payments: Map<string, Record<string, unknown>>
  /** Every refund made, by its id. */
  refunds: Map<string, Record<string, unknown>>
  /** Payment id → the refusal its next refunds get (a payment out of the refund window, say). */
  refundRefusals: Map<string, FakeRefusal>
  preapprovals: Map<string, Record<string, unknown>>
  authorized: Map<string, Record<string, unknown>>
}

export const FAKE_ACCESS_TOKEN = 'TEST-0000000000000000-000000-fake'

/**
 * A local stand-in for Mercado Pago's REST API (the parts the adapter calls), with its response and error shapes:
 * POST/GET /v1/payments, POST /v1/payments/:id/refunds, POST/GET/PUT /preapproval, GET /authorized_payments/:id.
 * Every request is recorded.
 */
export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const outcomes = new Map<string, FakeOutcome>()
  const payments = new Map<string, Record<string, unknown>>()
  const byKey = new Map<string, string>()
  const usedTokens = new Set<string>()
  const refunds = new Map<string, Record<string, unknown>>()
  const refundByKey = new Map<string, string>()
  const refundRefusals = new Map<string, FakeRefusal>()
  const preapprovals = new Map<string, Record<string, unknown>>()
  const authorized = new Map<string, Record<string, unknown>>()
  let failures = 0
  let nextId = 1_320_000_000

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const error = (
    status: number,
    message: string,
    error: string,
    code: string | number,
    description: string,
  ): MpError => ({
    message,
    error,
    status,
    cause: [{ code, description }],
  })

  const handle = (req: RecordedRequest, res: ServerResponse) => {
    if (failures > 0) {
      failures--
      return send(res, 500, error(500, 'internal_error', 'internal_error', 500, 'Internal server error'))
    }
    if (req.headers.authorization !== `Bearer ${FAKE_ACCESS_TOKEN}`)
      return send(res, 401, error(401, 'invalid access token', 'unauthorized', 401, 'invalid access token'))
    const url = new URL(req.path, 'http://fake')
    // The SDK posts to '/preapproval/' (trailing slash), like Mercado Pago's own examples.
    url.pathname = url.pathname.replace(/\/+$/, '') || '/'
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {}
    const key = req.headers['x-idempotency-key']
    const segments = url.pathname.split('/').filter(Boolean)

    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      if (typeof key !== 'string' || !key)
        return send(
          res,
          400,
          error(
            400,
            "Header X-Idempotency-Key can't be null",
            'bad_request',
            'idempotency_key_required',
            'missing idempotency key',
          ),
        )
      const earlier = byKey.get(key)
      if (earlier) return send(res, 200, payments.get(earlier))
      if (typeof body.transaction_amount !== 'number')
        return send(
          res,
          400,
          error(400, 'Invalid transaction_amount', 'bad_request', 4037, 'Invalid transaction_amount'),
        )
      const outcome = outcomes.get(String(body.token))
      if (!outcome)
        return send(res, 400, error(400, 'Card Token not found', 'bad_request', 2006, 'Card Token not found'))
      if ('httpStatus' in outcome) return send(res, outcome.httpStatus, outcome.error)
      if (usedTokens.has(String(body.token))) {
        // Mercado Pago's words for a spent token (seen in its code-examples issue 16).
        const message = `could not update the Cardtoken with the following id: ${body.token} because has been used or expired`
        return send(res, 400, { message, error: 'bad_request', status: 400, cause: [] })
      }
      usedTokens.add(String(body.token))
      const id = String(nextId++)
      const payment = {
        id: Number(id),
        status: outcome.status,
        status_detail: outcome.status_detail,
        transaction_amount: body.transaction_amount,
        currency_id: 'PEN',
        payment_method_id: body.payment_method_id,
        external_reference: body.external_reference ?? null,
        installments: body.installments,
        date_created: new Date().toISOString(),
      }
      payments.set(id, payment)
      byKey.set(key, id)
      return send(res, 201, payment)
    }
    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      // Mercado Pago's search answers a page of results and the paging, whatever matched (none is not a 404).
      const reference = url.searchParams.get('external_reference')
      const limit = Number(url.searchParams.get('limit') ?? 30)
      const matched = [...payments.values()].filter(
        (p) => reference === null || p.external_reference === reference,
      )
      if (url.searchParams.get('criteria') === 'desc') matched.reverse()
      return send(res, 200, {
        paging: { total: matched.length, limit, offset: 0 },
        results: matched.slice(0, limit),
      })
    }
    if (
      req.method === 'POST' &&
      segments[0] === 'v1' &&
      segments[1] === 'payments' &&
      segments[3] === 'refunds'
    )
      return refund(res, segments[2]!, key, body)
    if (req.method === 'GET' && segments[0] === 'v1' && segments[1] === 'payments' && segments[2]) {
      const payment = payments.get(segments[2])
      return payment
        ? send(res, 200, payment)
        : send(res, 404, error(404, 'Payment not found', 'not_found', 2000, 'Payment not found'))
    }
    if (req.method === 'POST' && url.pathname === '/preapproval') {
      const id = `2c93808${nextId++}`
      const preapproval = {
        id,
        status: 'pending',
        reason: body.reason,
        external_reference: body.external_reference,
        payer_email: body.payer_email,
        init_point: `https://www.mercadopago.com.pe/subscriptions/checkout?preapproval_id=${id}`,
        auto_recurring: body.auto_recurring,
        next_payment_date: null,
      }
      preapprovals.set(id, preapproval)
      return send(res, 201, preapproval)
    }
    if (segments[0] === 'preapproval' && segments[1]) {
      const found = preapprovals.get(segments[1])
      if (!found) return send(res, 404, error(404, 'Preapproval not found', 'not_found', 404, 'not found'))
      if (req.method === 'PUT') Object.assign(found, body)
      return send(res, 200, found)
    }
    if (req.method === 'GET' && segments[0] === 'authorized_payments' && segments[1]) {
      const found = authorized.get(segments[1])
      return found
        ? send(res, 200, found)
        : send(res, 404, error(404, 'not found', 'not_found', 404, 'not found'))
    }
    return send(res, 404, error(404, 'resource not found', 'not_found', 404, 'not found'))
  }

  /**
   * Mercado Pago's refund: the same idempotency key answers the refund already made; an amount above what is left
   * of the payment, or a payment that is not approved, is refused; the last refund leaves the payment 'refunded'.
   */
  function refund(res: ServerResponse, paymentId: string, key: unknown, body: Record<string, unknown>) {
    if (typeof key !== 'string' || !key)
      return send(
        res,
        400,
        error(400, "Header X-Idempotency-Key can't be null", 'bad_request', 'idempotency_key_required', ''),
      )
    const earlier = refundByKey.get(key)
    if (earlier) return send(res, 201, refunds.get(earlier))
    const payment = payments.get(paymentId)
    if (!payment)
      return send(res, 404, error(404, 'Payment not found', 'not_found', 2000, 'Payment not found'))
    const refusal = refundRefusals.get(paymentId)
    if (refusal) return send(res, refusal.httpStatus, refusal.error)
    if (payment.status !== 'approved')
      return send(
        res,
        400,
        error(400, 'Invalid payment status', 'bad_request', 2063, 'Invalid payment status'),
      )
    const total = Number(payment.transaction_amount)
    const refunded = Number(payment.transaction_amount_refunded ?? 0)
    const left = Math.round((total - refunded) * 100) / 100
    const amount = body.amount === undefined ? left : Number(body.amount)
    if (!(amount > 0) || amount > left)
      return send(res, 400, error(400, 'Invalid refund amount', 'bad_request', 4040, 'amount is invalid'))
    const id = String(nextId++)
    const made = {
      id: Number(id),
      payment_id: Number(paymentId),
      amount,
      status: 'approved',
      source: { id: 'fake', name: 'Lexia', type: 'collector' },
      date_created: new Date().toISOString(),
    }
    refunds.set(id, made)
    refundByKey.set(key, id)
    const after = Math.round((refunded + amount) * 100) / 100
    payment.transaction_amount_refunded = after
    if (after >= total) Object.assign(payment, { status: 'refunded', status_detail: 'refunded' })
    else payment.status_detail = 'partially_refunded'
    return send(res, 201, made)
  }

  const server = await startFakeServer((req, res) => handle(req, res))
  return {
    ...server,
    outcomes,
    payments,
    refunds,
    refundRefusals,
    preapprovals,
    authorized,
    failNext: (n) => {
      failures = n
    },
  }
}
