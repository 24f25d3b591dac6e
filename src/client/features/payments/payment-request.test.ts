import { describe, expect, it } from 'vitest'
import { cardPaymentRequestSchema, yapePaymentRequestSchema } from '../../../shared/payment-schemas'
import {
  buildCardPaymentRequest,
  buildYapePaymentRequest,
  type PlanToPay,
  purchaseEvent,
} from './payment-request'

const plan: PlanToPay = {
  id: 4,
  planId: 'profesional',
  name: 'Profesional',
  description: '200 créditos',
  price: 79.9,
}

const brickForm = {
  token: 'tok_123',
  issuer_id: '310',
  payment_method_id: 'visa',
  transaction_amount: 1,
  installments: 6,
  payer: { email: 'pagador@example.com', identification: { type: 'DNI', number: '12345678' } },
}

describe('buildCardPaymentRequest (spec §3, §7)', () => {
  it('builds a request the server schema accepts', () => {
    const request = buildCardPaymentRequest(brickForm, plan, 'yo@example.com', 'dev-1', 'card-payment-brick')
    expect(cardPaymentRequestSchema.safeParse(request).success).toBe(true)
  })

  it('charges the plan price in one instalment, whatever the form says', () => {
    const request = buildCardPaymentRequest(brickForm, plan, null, null, 'card-payment-brick')
    expect(request.transaction_amount).toBe(79.9)
    expect(request.installments).toBe(1)
  })

  it('carries the token, card, payer, plan, items and device id', () => {
    const request = buildCardPaymentRequest(brickForm, plan, 'yo@example.com', 'dev-1', 'card-payment-brick')
    expect(request).toMatchObject({
      token: 'tok_123',
      payment_method_id: 'visa',
      issuer_id: '310',
      payer: { email: 'pagador@example.com', identification: { type: 'DNI', number: '12345678' } },
      plan_id: 4,
      planId: 'profesional',
      description: 'Profesional',
      deviceId: 'dev-1',
    })
    const item = { id: 'profesional', title: 'Profesional', quantity: 1, unit_price: 79.9 }
    expect(request.items).toEqual([expect.objectContaining(item)])
    expect(request.additional_info?.items).toEqual([expect.objectContaining(item)])
  })

  it('falls back to the user’s e-mail and leaves out an empty identification', () => {
    const request = buildCardPaymentRequest(
      {
        token: 't',
        payment_method_id: 'master',
        payer: { email: '', identification: { type: 'DNI', number: '' } },
      },
      plan,
      'yo@example.com',
      null,
      'sandbox-card-form',
    )
    expect(request.payer).toEqual({ email: 'yo@example.com' })
    expect(request.issuer_id).toBeUndefined()
  })

  it('keeps the token and card data out of the debug block', () => {
    const request = buildCardPaymentRequest(brickForm, plan, null, null, 'sandbox-card-form')
    expect(JSON.stringify(request.debug)).not.toContain('tok_123')
    expect(request.debug).toMatchObject({ source: 'sandbox-card-form' })
  })

  it('leaves a missing token missing, for the missing_token refusal', () => {
    const request = buildCardPaymentRequest(
      { ...brickForm, token: null },
      plan,
      null,
      null,
      'card-payment-brick',
    )
    expect(request.token).toBeUndefined()
  })
})

describe('buildYapePaymentRequest', () => {
  it('builds the Yape submission the server schema accepts', () => {
    const request = buildYapePaymentRequest('ytok', plan, 'yo@example.com')
    expect(yapePaymentRequestSchema.parse(request)).toMatchObject({
      token: 'ytok',
      transaction_amount: 79.9,
      installments: 1,
      payment_method_id: 'yape',
      plan_id: 4,
      payer: { email: 'yo@example.com' },
    })
  })

  it('leaves the payer out without a valid e-mail', () => {
    expect(buildYapePaymentRequest('ytok', plan, 'no-es-correo').payer).toBeUndefined()
  })
})

describe('purchaseEvent (spec §4)', () => {
  it('is a purchase in PEN with the plan as item', () => {
    expect(purchaseEvent(plan, '99', 'yape', 'approved')).toEqual({
      event: 'purchase',
      transaction_id: '99',
      value: 79.9,
      currency: 'PEN',
      payment_type: 'yape',
      payment_status: 'approved',
      items: [{ item_id: 'profesional', item_name: 'Profesional', price: 79.9, quantity: 1 }],
    })
  })
})
