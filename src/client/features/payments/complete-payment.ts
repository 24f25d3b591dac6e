import { PAYMENT_TOASTS, type PaymentOutcome } from '../../../shared/payment-messages'
import { toaster } from '../../components/toaster'
import { pushEvent } from '../../lib/analytics'
import { type PlanToPay, purchaseEvent } from './payment-request'

/**
 * The shared end of both flows for an accepted payment (spec §4): the purchase event (currency PEN) and the toast.
 * Credits are granted by the server when it has verified the payment, never from here.
 */
export function announceAcceptedPayment(
  outcome: Extract<PaymentOutcome, { kind: 'approved' | 'pending' }>,
  plan: PlanToPay,
  method: 'card' | 'yape',
  successDescription: string = PAYMENT_TOASTS.success.description,
): void {
  pushEvent(purchaseEvent(plan, outcome.paymentId, method, outcome.kind))
  if (outcome.kind === 'approved') {
    toaster.create({
      ...PAYMENT_TOASTS.success,
      description: successDescription,
      type: 'success',
      duration: 5000,
    })
  } else {
    toaster.create({ ...PAYMENT_TOASTS.pending, type: 'info', duration: 5000 })
  }
}

/** A refused payment: the §8 message in the error toast. */
export function announceRejectedPayment(message: string): void {
  toaster.create({ title: PAYMENT_TOASTS.error.title, description: message, type: 'error', duration: 5000 })
}
