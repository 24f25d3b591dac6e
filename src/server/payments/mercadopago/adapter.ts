import {
  Invoice,
  MercadoPagoConfig,
  MercadoPagoError,
  Payment,
  PaymentRefund,
  PreApproval,
} from 'mercadopago'
import { AppConfig } from 'mercadopago/dist/utils/config/index.js'
import { CARD_STATUS_MESSAGES, YAPE_STATUS_MESSAGES } from '../../../shared/payment-messages'
import {
  type CreatePaymentInput,
  type CreateSubscriptionInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderAuthorizedPayment,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderSubscription,
  type RefundInput,
} from '../provider'

export type MercadoPagoOptions = {
  accessToken: string
  /** Spec §9 payment client: 10 s per request. */
  timeoutMs?: number
  /** Tests point the SDK at a local fake of Mercado Pago's API (the SDK keeps its base URL in one static). */
  baseUrl?: string
}

/** Spec §9: two retries on 5xx, exponential backoff from 1 s (the SDK's defaults are 3 retries, also on 429). */
const RETRY = { maxRetries: 2, retryOn: [500, 502, 503, 504], initialDelay: 1000 }

type MpPayment = {
  id?: number | string
  status?: string
  status_detail?: string
  transaction_amount?: number
  currency_id?: string
  payment_method_id?: string
  external_reference?: string | null
  metadata?: { preapproval_id?: string } | null
  point_of_interaction?: { transaction_data?: { subscription_id?: string | null } | null } | null
}

function toPayment(p: MpPayment): ProviderPayment {
  return {
    id: String(p.id),
    status: p.status ?? 'unknown',
    statusDetail: p.status_detail ?? '',
    amount: Number(p.transaction_amount ?? 0),
    currency: p.currency_id ?? 'PEN',
    methodId: p.payment_method_id ?? '',
    externalReference: p.external_reference ?? null,
    // A subscription's charge names its preapproval here (checked against our own records before crediting).
    subscriptionId:
      p.metadata?.preapproval_id ?? p.point_of_interaction?.transaction_data?.subscription_id ?? null,
  }
}

type MpSubscription = {
  id?: string
  status?: string
  init_point?: string
  external_reference?: string | null
  next_payment_date?: string | null
}

function toSubscription(s: MpSubscription): ProviderSubscription {
  return {
    id: String(s.id),
    status: s.status ?? 'pending',
    initPoint: s.init_point ?? '',
    externalReference: s.external_reference ?? null,
    nextPaymentDate: s.next_payment_date ?? null,
  }
}

/**
 * A refused refund in the operator's words: Mercado Pago's own text is English and its refund codes are not
 * documented one by one, so the status says which kind of refusal it is and the code goes along for support.
 */
function refundError(error: unknown): never {
  if (error instanceof MercadoPagoError && error.status >= 400 && error.status < 500) {
    const cause = (error.causes as { code?: unknown }[] | undefined)?.[0]
    const code = cause?.code != null ? String(cause.code) : error.error || null
    const message =
      error.status === 404
        ? 'Mercado Pago no encuentra este pago: no se reembolsó nada.'
        : `Mercado Pago rechazó el reembolso${code ? ` (código ${code})` : ''}: el pago puede estar fuera de plazo, ya devuelto o no admitir devoluciones parciales. Revísalo en su panel.`
    throw new PaymentProviderError(message, error.status, code)
  }
  return providerError(error)
}

const MP_REFUSED = 'Mercado Pago no pudo procesar el pago. Inténtalo de nuevo o usa otro medio de pago.'
const MP_UNREACHABLE = 'No pudimos comunicarnos con Mercado Pago. Inténtalo de nuevo en unos minutos.'

/**
 * Mercado Pago's refusal as ours: its HTTP status, the most specific code it gave, and a Spanish message for the
 * payer (Mercado Pago's own text is English and reaches the card form when the code is one it does not know).
 */
function providerError(error: unknown): never {
  if (error instanceof MercadoPagoError) {
    const cause = (error.causes as { code?: unknown; description?: unknown }[] | undefined)?.[0]
    const code = cause?.code != null ? String(cause.code) : error.error || null
    const message = (code && (CARD_STATUS_MESSAGES[code] ?? YAPE_STATUS_MESSAGES[code])) || MP_REFUSED
    throw new PaymentProviderError(message, error.status || 502, code)
  }
  throw new PaymentProviderError(MP_UNREACHABLE, 502, null)
}

/**
 * DESIGN 6's real provider over the official SDK (v3). A new MercadoPagoConfig and client per request: the SDK
 * merges per-call request options (idempotency key, device id) into its shared config for good, so a shared
 * client would send one payment's idempotency key with the next.
 */
export function createMercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  if (options.baseUrl) (AppConfig as { BASE_URL: string }).BASE_URL = options.baseUrl.replace(/\/+$/, '')
  const config = (extra: Record<string, unknown> = {}) =>
    new MercadoPagoConfig({
      accessToken: options.accessToken,
      options: { timeout: options.timeoutMs ?? 10_000, ...RETRY, ...extra },
    })
  const notFound = (error: unknown) => error instanceof MercadoPagoError && error.status === 404

  return {
    kind: 'mercadopago',

    async createPayment(input: CreatePaymentInput) {
      const client = new Payment(
        config({
          idempotencyKey: input.idempotencyKey,
          ...(input.deviceId ? { meliSessionId: input.deviceId } : {}),
        }),
      )
      try {
        const created = await client.create({
          body: {
            transaction_amount: input.amount,
            token: input.token,
            description: input.description,
            installments: input.installments,
            payment_method_id: input.methodId,
            payer: {
              email: input.payer.email,
              ...(input.payer.identification ? { identification: input.payer.identification } : {}),
            },
            external_reference: input.externalReference,
            ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
            statement_descriptor: 'LEXIA',
            additional_info: {
              items: input.items.map((item) => ({
                id: item.id,
                title: item.title,
                description: item.description,
                category_id: item.categoryId,
                quantity: item.quantity,
                unit_price: item.unitPrice,
              })),
            },
          },
        })
        return toPayment(created as MpPayment)
      } catch (error) {
        return providerError(error)
      }
    },

    async getPayment(id) {
      try {
        return toPayment((await new Payment(config()).get({ id })) as MpPayment)
      } catch (error) {
        if (notFound(error)) return null
        return providerError(error)
      }
    },

    async findPayments(externalReference) {
      try {
        // One attempt makes one payment (its idempotency key): a page of 30 is far more than it can have.
        const found = await new Payment(config()).search({
          options: {
            external_reference: externalReference,
            sort: 'date_created',
            criteria: 'asc',
            limit: 30,
          },
        })
        return (found.results ?? []).map((p) => toPayment(p as MpPayment))
      } catch (error) {
        return providerError(error)
      }
    },

    async createSubscription(input: CreateSubscriptionInput) {
      try {
        const created = await new PreApproval(config({ idempotencyKey: input.idempotencyKey })).create({
          body: {
            reason: input.reason,
            external_reference: input.externalReference,
            payer_email: input.payerEmail,
            back_url: input.backUrl,
            status: 'pending',
            auto_recurring: {
              frequency: input.frequencyMonths,
              frequency_type: 'months',
              transaction_amount: input.amount,
              currency_id: 'PEN',
            },
          },
        })
        return toSubscription(created as MpSubscription)
      } catch (error) {
        return providerError(error)
      }
    },

    async getSubscription(id) {
      try {
        return toSubscription((await new PreApproval(config()).get({ id })) as MpSubscription)
      } catch (error) {
        if (notFound(error)) return null
        return providerError(error)
      }
    },

    async cancelSubscription(id) {
      try {
        await new PreApproval(config()).update({ id, body: { status: 'cancelled' } })
        const after = await new PreApproval(config()).get({ id })
        return toSubscription(after as MpSubscription)
      } catch (error) {
        return providerError(error)
      }
    },

    async refundPayment(input: RefundInput): Promise<ProviderRefund> {
      // Its own client: the idempotency key is merged into the config for good (see above).
      const client = new PaymentRefund(config({ idempotencyKey: input.idempotencyKey }))
      try {
        const refund =
          input.amount === null
            ? await client.total({ payment_id: input.paymentId })
            : await client.create({ payment_id: input.paymentId, body: { amount: input.amount } })
        return {
          id: String(refund.id),
          paymentId: String(refund.payment_id ?? input.paymentId),
          amount: Number(refund.amount ?? input.amount ?? 0),
          status: refund.status ?? 'approved',
        }
      } catch (error) {
        return refundError(error)
      }
    },

    async getAuthorizedPayment(id): Promise<ProviderAuthorizedPayment | null> {
      try {
        const invoice = (await new Invoice(config()).get({ id })) as {
          id?: number | string
          preapproval_id?: string
          status?: string
          transaction_amount?: number
          payment?: { id?: number | string; status?: string; status_detail?: string } | null
        }
        return {
          id: String(invoice.id),
          subscriptionId: invoice.preapproval_id ?? '',
          status: invoice.status ?? 'scheduled',
          payment: invoice.payment?.id
            ? {
                id: String(invoice.payment.id),
                status: invoice.payment.status ?? '',
                statusDetail: invoice.payment.status_detail ?? '',
              }
            : null,
          amount: Number(invoice.transaction_amount ?? 0),
        }
      } catch (error) {
        if (notFound(error)) return null
        return providerError(error)
      }
    },
  }
}
