import type { PaymentDeps } from './deps'
import type { ProviderPayment } from './provider'
import { findOwner, type Recorded, recordPayment } from './record-payment'
import { syncSubscription } from './subscriptions'

export type Notification = { type: string; id: string }

/** Records a payment the provider reported, for its owner; unknown payments are logged and left alone. */
export async function settlePayment(deps: PaymentDeps, payment: ProviderPayment): Promise<Recorded | null> {
  const owner = await findOwner(deps.db, deps.provider.kind, payment)
  if (!owner) {
    deps.logger.warn('Pago sin intento ni suscripción conocidos: se ignora', { paymentId: payment.id })
    return null
  }
  return recordPayment(deps.db, deps.logger, deps.provider.kind, payment, owner)
}

/**
 * What a verified notification asks for: the object is fetched from the provider (the notification's body is
 * never trusted) and recorded. Types we do not use are acknowledged and ignored.
 */
export async function processNotification(deps: PaymentDeps, n: Notification): Promise<string> {
  const { provider } = deps
  switch (n.type) {
    case 'payment': {
      const payment = await provider.getPayment(n.id)
      if (!payment) return 'desconocido'
      const recorded = await settlePayment(deps, payment)
      return recorded?.credited ? 'acreditado' : payment.status
    }
    case 'subscription_preapproval':
      return (await syncSubscription(deps, n.id)) ? 'actualizada' : 'desconocida'
    case 'subscription_authorized_payment': {
      const authorized = await provider.getAuthorizedPayment(n.id)
      if (!authorized?.payment) return 'sin pago'
      const payment = await provider.getPayment(authorized.payment.id)
      if (!payment) return 'desconocido'
      const recorded = await settlePayment(deps, { ...payment, subscriptionId: authorized.subscriptionId })
      await syncSubscription(deps, authorized.subscriptionId)
      return recorded?.credited ? 'acreditado' : payment.status
    }
    default:
      return 'ignorado'
  }
}
