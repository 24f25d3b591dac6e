import { z } from 'zod'
import { isoDate, listQuerySchema, pageSchema, reasonField } from './common'

export const PAYMENT_MESSAGES = {
  notFound: 'Pago no encontrado',
  attemptNotFound: 'Intento de pago no encontrado',
  credits: 'Los créditos a retirar deben ser un número entero entre 0 y los que dio el pago',
  notCredited: 'Este pago nunca acreditó créditos: no hay nada que reembolsar',
  alreadyRefunded: 'Este pago ya figura como reembolsado',
  providerDown: 'No se pudo consultar al proveedor de pagos. Inténtalo más tarde.',
} as const

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
  /** When an operator recorded its refund; the credits taken back are a ledger row (kind payment_refund). */
  refundedAt: isoDate.nullable(),
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
 * POST /api/admin/payments/:id/refund: records a refund made at the provider. The credits taken back (by default
 * all the payment gave, never more than the balance holds) are one ledger row, once per payment.
 */
export const refundRequestSchema = z.strictObject({
  credits: z.int({ error: PAYMENT_MESSAGES.credits }).min(0, PAYMENT_MESSAGES.credits).optional(),
  reason: reasonField,
})
export type RefundRequest = z.infer<typeof refundRequestSchema>
export const refundResultSchema = z.object({
  payment: adminPaymentSchema,
  /** Credits actually taken back (the balance may hold fewer than asked). */
  creditsRemoved: z.number().int(),
})
export type RefundResult = z.infer<typeof refundResultSchema>
