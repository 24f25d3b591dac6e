import type { CardPaymentRequest, YapePaymentRequest } from '../../../shared/payment-schemas'
import type { DataLayerEvent } from '../../lib/analytics'

/** What a payment needs to know about the plan it pays. */
export type PlanToPay = { id: number; planId: string; name: string; description: string; price: number }

/** The fields the Card Payment Brick's onSubmit hands over (our sandbox form produces the same). */
export type CardFormData = {
  token?: string | null
  issuer_id?: string | number | null
  payment_method_id: string
  transaction_amount?: number
  installments?: number
  payer?: { email?: string | null; identification?: { type?: string; number?: string } | null } | null
}

export type CardFormSource = 'card-payment-brick' | 'sandbox-card-form'

/** Spec §2: the card form (the Brick, or the sandbox form) lives in this container. */
export const PAYMENT_BRICK_CONTAINER_ID = 'paymentBrick_container'

const CATEGORY_ID = 'services'

function planItems(plan: PlanToPay) {
  return [
    {
      id: plan.planId,
      title: plan.name.slice(0, 200),
      description: plan.description.slice(0, 500),
      category_id: CATEGORY_ID,
      quantity: 1,
      unit_price: plan.price,
    },
  ]
}

const validEmail = (value: string | null | undefined): string | undefined => {
  const email = value?.trim()
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined
}

/**
 * Spec §3/§7 card payment request: the Brick's form data plus our plan, items and device id. The amount is the
 * plan's price; the server checks it against the plan and charges the plan's own price anyway. One instalment.
 */
export function buildCardPaymentRequest(
  form: CardFormData,
  plan: PlanToPay,
  userEmail: string | null | undefined,
  deviceId: string | null,
  source: CardFormSource,
): CardPaymentRequest {
  const identification = form.payer?.identification
  const items = planItems(plan)
  return {
    token: form.token ?? undefined,
    transaction_amount: plan.price,
    payment_method_id: form.payment_method_id,
    ...(form.issuer_id != null && form.issuer_id !== '' ? { issuer_id: form.issuer_id } : {}),
    payer: {
      email: validEmail(form.payer?.email) ?? validEmail(userEmail),
      ...(identification?.type && identification.number
        ? { identification: { type: identification.type, number: identification.number } }
        : {}),
    },
    installments: 1,
    items,
    description: plan.name,
    plan_id: plan.id,
    planId: plan.planId,
    deviceId,
    additional_info: { items },
    // Spec §7 debug block: where the submission came from; never the token or card data.
    debug: {
      source,
      form_amount: form.transaction_amount ?? null,
      form_installments: form.installments ?? null,
    },
  }
}

/** The Yape submission (spec §3 mobile-wallet payment request). */
export function buildYapePaymentRequest(
  token: string,
  plan: PlanToPay,
  userEmail: string | null | undefined,
): YapePaymentRequest {
  const email = validEmail(userEmail)
  return {
    token,
    transaction_amount: plan.price,
    installments: 1,
    payment_method_id: 'yape',
    plan_id: plan.id,
    description: plan.name,
    ...(email ? { payer: { email } } : {}),
    additional_info: { items: planItems(plan) },
  }
}

/** Spec §4 purchase analytics event, currency PEN, for an approved or pending payment. */
export function purchaseEvent(
  plan: PlanToPay,
  paymentId: string | null,
  method: 'card' | 'yape',
  status: 'approved' | 'pending',
): DataLayerEvent {
  return {
    event: 'purchase',
    transaction_id: paymentId,
    value: plan.price,
    currency: 'PEN',
    payment_type: method,
    payment_status: status,
    items: [{ item_id: plan.planId, item_name: plan.name, price: plan.price, quantity: 1 }],
  }
}
