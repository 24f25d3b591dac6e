import { z } from 'zod'
import { isoDate, listQuerySchema, pageSchema, reasonField } from './common'

export const PAYMENT_MESSAGES = {
  notFound: 'Pago no encontrado',
  attemptNotFound: 'Intento de pago no encontrado',
  credits: 'Los créditos a reembolsar deben ser un número entero mayor que cero',
  notCredited: 'Este pago nunca acreditó créditos: no hay nada que reembolsar',
  alreadyRefunded: 'Este pago ya figura como reembolsado',
  providerDown: 'No se pudo consultar al proveedor de pagos. Inténtalo más tarde.',
  otherProvider:
    'Este pago se hizo con otro proveedor de pagos que el configurado ahora: devuélvelo en el panel de ese proveedor.',
  refundPending:
    'El proveedor de pagos no confirmó el reembolso. Queda pendiente: vuelve a pedirlo y se completará sin devolver dos veces.',
} as const

/** 'Los créditos a reembolsar deben estar entre 1 y N': what is left of the payment, in the operator's words. */
export const refundCreditsMessage = (left: number) =>
  `Los créditos a reembolsar deben estar entre 1 y ${left} (lo que queda por reembolsar de este pago)`

/**
 * The soles a refund of `credits` returns, in céntimos: the payment's amount in proportion to the credits it gave;
 * the refund that takes the last credits returns exactly what is left, so the parts add up to the payment.
 * The console's dialog shows what the server will send with this same function.
 */
export function refundAmountCents(
  payment: { amountCents: number; credits: number; refundedCents: number; refundedCredits: number },
  credits: number,
): number {
  if (credits >= payment.credits - payment.refundedCredits) return payment.amountCents - payment.refundedCents
  return Math.round((payment.amountCents * credits) / payment.credits)
}

/** Every payment a provider reported. Amounts in soles. */
export const adminPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  providerPaymentId: z.string(),
  attemptId: z.string().nullable(),
  userId: z.string(),
  userEmail: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  amount: z.number(),
  currency: z.string(),
  methodId: z.string(),
  status: z.string(),
  statusDetail: z.string(),
  creditedAt: isoDate.nullable(),
  /** When it was refunded in full; each refund's credits taken back are a ledger row (kind payment_refund). */
  refundedAt: isoDate.nullable(),
  /** Credits the purchase gave (0 when it never credited). */
  credits: z.number().int(),
  /** Credits and soles already refunded (a pending refund counts: its money may be on its way). */
  refundedCredits: z.number().int(),
  refundedAmount: z.number(),
  /** A refund was asked and the provider has not confirmed it yet: asking again completes that one. */
  refundPending: z.boolean(),
  createdAt: isoDate,
})
export type AdminPayment = z.infer<typeof adminPaymentSchema>

/** GET /api/admin/payments: `q` matches the provider's payment id or the payer's e-mail. */
export const paymentListQuerySchema = listQuerySchema(['createdAt', 'amount', 'status'], 'createdAt').extend({
  status: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'Estado de pago no válido')
    .optional(),
})
export const paymentPageSchema = pageSchema(adminPaymentSchema)

/** Every try to pay, with or without a payment behind it. */
export const adminPaymentAttemptSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  method: z.string(),
  amount: z.number(),
  provider: z.string(),
  status: z.string(),
  /** The provider ids of the payments recorded for it. */
  providerPaymentIds: z.array(z.string()),
  createdAt: isoDate,
})
export type AdminPaymentAttempt = z.infer<typeof adminPaymentAttemptSchema>

/** GET /api/admin/payment-attempts: `q` matches the attempt id or the e-mail. */
export const attemptListQuerySchema = listQuerySchema(['createdAt', 'amount', 'status'], 'createdAt').extend({
  status: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'Estado de pago no válido')
    .optional(),
})
export const attemptPageSchema = pageSchema(adminPaymentAttemptSchema)

/**
 * POST /api/admin/payment-attempts/:id/reconcile: asks the provider now what the attempt became and records it
 * through the same code the webhook and the background reconciliation use (credited exactly once).
 */
export const reconcileResultSchema = z.object({
  attempt: adminPaymentAttemptSchema,
  /** Payments the provider reported for it. */
  found: z.number().int(),
  /** Of those, how many were credited by this call. */
  credited: z.number().int(),
})
export type ReconcileResult = z.infer<typeof reconcileResultSchema>

/**
 * POST /api/admin/payments/:id/refund: returns money to the payer through the payment's provider and takes back
 * the credits. `credits` (by default all that is left of the payment; at most that) sets the soles, in
 * proportion (refundAmountCents); the balance never goes below zero. A payment may be refunded in parts.
 */
export const refundRequestSchema = z.strictObject({
  credits: z
    .int({ error: PAYMENT_MESSAGES.credits })
    .min(1, PAYMENT_MESSAGES.credits)
    .max(1_000_000, PAYMENT_MESSAGES.credits)
    .optional(),
  reason: reasonField,
})
export type RefundRequest = z.infer<typeof refundRequestSchema>
export const refundResultSchema = z.object({
  payment: adminPaymentSchema,
  refund: z.object({
    id: z.string(),
    credits: z.number().int(),
    /** Soles returned. */
    amount: z.number(),
    providerRefundId: z.string().nullable(),
  }),
  /** Credits actually taken back (the balance may hold fewer than asked). */
  creditsRemoved: z.number().int(),
  /** True when this request completed a refund left pending (asked before, unconfirmed) instead of a new one. */
  resumed: z.boolean(),
})
export type RefundResult = z.infer<typeof refundResultSchema>
