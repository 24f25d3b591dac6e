import { eq } from 'drizzle-orm'
import { ServiceError } from '../../shared/errors'
import type {
  CardPaymentRequest,
  CardPaymentResponse,
  YapePaymentRequest,
  YapePaymentResponse,
} from '../../shared/payment-schemas'
import type { PaymentDeps } from './deps'
import { notificationUrl } from './deps'
import { settlePayment } from './notifications'
import { type PlanRow, purchasablePlan } from './plans'
import { PaymentProviderError, type ProviderPayment } from './provider'
import { paymentAttempts } from './schema'

type Payer = { id: string; email: string }
type Charged = { payment: ProviderPayment } | { error: PaymentProviderError }

/** The plan to charge: a prepaid plan on sale. What the client says it costs is only compared, never used. */
async function planToCharge(deps: PaymentDeps, planId: number, clientAmount: number): Promise<PlanRow> {
  const plan = await purchasablePlan(deps.db, planId, 'prepaid')
  if (!plan) throw new ServiceError('INVALID_PARAMS', 'El plan no está disponible')
  if (Math.round(clientAmount * 100) !== plan.priceCents) {
    deps.logger.warn('El monto enviado no es el precio del plan: se cobra el precio del plan', {
      planId,
      clientAmount,
      priceCents: plan.priceCents,
    })
  }
  return plan
}

/**
 * One attempt (its own idempotency key), the provider's charge, then the server-side recording. The attempt is
 * written before the provider is called: its id travels as the external reference, so whatever happens to this
 * request afterwards, reconcilePayments can find the provider's payment by it.
 */
async function charge(
  deps: PaymentDeps,
  payer: Payer,
  plan: PlanRow,
  method: 'card' | 'yape',
  request: {
    token: string
    methodId: string
    deviceId: string | null
    identification?: { type: string; number: string }
  },
): Promise<Charged> {
  const { db, provider } = deps
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      userId: payer.id,
      planId: plan.id,
      method,
      amountCents: plan.priceCents,
      provider: provider.kind,
    })
    .returning()
  const amount = plan.priceCents / 100
  try {
    const payment = await provider.createPayment({
      idempotencyKey: attempt!.idempotencyKey,
      token: request.token,
      amount,
      description: `Lexia · ${plan.name} (${plan.credits} créditos)`,
      methodId: request.methodId,
      installments: 1,
      payer: { email: payer.email, identification: request.identification },
      externalReference: attempt!.id,
      items: [
        {
          id: plan.planId,
          title: plan.name,
          description: plan.description,
          categoryId: 'services',
          quantity: 1,
          unitPrice: amount,
        },
      ],
      deviceId: request.deviceId,
      notificationUrl: notificationUrl(deps.baseUrl),
    })
    await db
      .update(paymentAttempts)
      .set({ status: payment.status })
      .where(eq(paymentAttempts.id, attempt!.id))
    await settlePayment(deps, payment)
    return { payment }
  } catch (error) {
    // A 4xx is a refusal: the provider made nothing. Anything else (a timeout, a 5xx, our own database failing
    // after the charge) leaves the outcome unknown, and 'error' keeps the attempt open for reconciliation.
    const refused = error instanceof PaymentProviderError && error.status >= 400 && error.status < 500
    await db
      .update(paymentAttempts)
      .set({ status: refused ? 'refused' : 'error' })
      .where(eq(paymentAttempts.id, attempt!.id))
    if (error instanceof PaymentProviderError) {
      deps.logger.warn('El proveedor rechazó el cobro', { status: error.status, code: error.code, method })
      return { error }
    }
    throw error
  }
}

/** HTTP status of a provider refusal: 402 and 400 pass through (the client reads them), anything else is 502. */
const refusalStatus = (e: PaymentProviderError) => (e.status === 402 || e.status === 400 ? e.status : 502)

/** POST /api/payment/create: a card payment of a prepaid plan (spec §3 request and response). */
export async function payWithCard(
  deps: PaymentDeps,
  payer: Payer,
  body: CardPaymentRequest,
  deviceId: string | null,
): Promise<{ status: number; body: CardPaymentResponse }> {
  if (!body.token) {
    return {
      status: 400,
      body: {
        success: false,
        paymentId: null,
        status: null,
        statusDetail: null,
        error: { code: 'missing_token', message: 'No se ha generado el token de la tarjeta' },
      },
    }
  }
  if (body.installments !== 1) deps.logger.warn('Cuotas distintas de 1: se cobra en una sola cuota', {})
  const plan = await planToCharge(deps, body.plan_id, body.transaction_amount)
  const result = await charge(deps, payer, plan, 'card', {
    token: body.token,
    methodId: body.payment_method_id,
    deviceId,
    identification: body.payer.identification,
  })
  if ('error' in result) {
    const code = result.error.code ?? 'processing_error'
    return {
      status: refusalStatus(result.error),
      body: {
        success: false,
        paymentId: null,
        status: 'rejected',
        statusDetail: code,
        error: { code, message: result.error.message },
      },
    }
  }
  const { payment } = result
  return {
    status: 200,
    body: {
      success: payment.status === 'approved',
      paymentId: payment.id,
      status: payment.status,
      statusDetail: payment.statusDetail,
    },
  }
}

/** POST /api/payment/yape: the token made from phone and OTP pays a prepaid plan (spec §4 outcomes). */
export async function payWithYape(
  deps: PaymentDeps,
  payer: Payer,
  body: YapePaymentRequest,
): Promise<{ status: number; body: YapePaymentResponse }> {
  const plan = await planToCharge(deps, body.plan_id, body.transaction_amount)
  const result = await charge(deps, payer, plan, 'yape', {
    token: body.token,
    methodId: 'yape',
    deviceId: null,
  })
  if ('error' in result) {
    const code = result.error.code ?? 'yape_system_error'
    return {
      status: refusalStatus(result.error),
      body: {
        id: null,
        status: 'rejected',
        status_detail: code,
        error: { code, description: result.error.message },
      },
    }
  }
  const { payment } = result
  return {
    status: 200,
    body: { id: payment.id, status: payment.status, status_detail: payment.statusDetail },
  }
}
