import { z } from 'zod'
import { int4Id, safeText } from './fields'

/**
 * The purchases API contract (spec §3, §7), shared by the server routes and the client. Amounts are in soles;
 * the server always charges the plan's own price and only checks what the client sends against it.
 */

export const PLAN_TYPES = ['prepaid', 'subscription'] as const
export const PLAN_STATUSES = ['active', 'soon', 'inactive'] as const

/** Spec §3 credit plan, plus the credits it grants (per period for a subscription). */
export const planSchema = z.object({
  id: z.number().int(),
  planId: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string().default('PEN'),
  currency_alias: z.string().default('S/'),
  features: z.array(z.string()),
  type: z.enum(PLAN_TYPES).default('prepaid'),
  status: z.enum(PLAN_STATUSES),
  is_offer: z.boolean(),
  is_popular: z.boolean(),
  credits: z.number().int(),
  /** Months per period for a subscription; null for prepaid plans. */
  period_months: z.number().int().nullable(),
})
export type Plan = z.infer<typeof planSchema>
/** GET /api/credits/plans: every plan to show, cheapest first; an empty list when none. */
export const planListSchema = z.array(planSchema)

/** GET /api/credits/purchases: the caller's last purchase per plan and active subscription, for the popup. */
export const purchaseStateSchema = z.object({
  purchases: z.array(z.object({ plan_id: z.number().int(), purchase_date: z.string() })),
  subscriptions: z.array(
    z.object({
      plan_id: z.number().int(),
      status: z.string(),
      /** ISO date the paid period ends ('Suscripcion activa hasta'); null while not yet authorized. */
      active_until: z.string().nullable(),
    }),
  ),
})
export type PurchaseState = z.infer<typeof purchaseStateSchema>

/** GET /api/payment/config: which provider runs and the public key the browser SDK needs. */
export const paymentConfigSchema = z.object({
  provider: z.enum(['mercadopago', 'sandbox']),
  publicKey: z.string().nullable(),
})
export type PaymentConfig = z.infer<typeof paymentConfigSchema>

const itemSchema = z.object({
  id: safeText().max(100),
  title: safeText().max(200),
  description: safeText().max(500).optional(),
  category_id: safeText().max(100).optional(),
  quantity: z.int32().positive(),
  unit_price: z.number().nonnegative(),
})

/**
 * Spec §3 card payment request, as the Card Payment Brick's onSubmit gives it plus our fields. The device
 * session id travels in the X-meli-session-id header (and deviceId, for clients that cannot set it).
 */
export const cardPaymentRequestSchema = z.object({
  token: safeText().max(200).optional(),
  transaction_amount: z.number().positive(),
  payment_method_id: safeText().min(1).max(50),
  issuer_id: z.union([safeText().max(50), z.number()]).optional(),
  payer: z.object({
    email: z.email().max(254).optional(),
    identification: z.object({ type: safeText().max(20), number: safeText().max(30) }).optional(),
  }),
  installments: z.int32(),
  items: z.array(itemSchema).max(10).optional(),
  description: safeText().max(300).optional(),
  plan_id: int4Id(),
  planId: safeText().max(100).optional(),
  deviceId: safeText().max(200).nullable().optional(),
  additional_info: z.object({ items: z.array(itemSchema).max(10) }).optional(),
  /** The spec's debug block: accepted and ignored, never logged with the token. */
  debug: z.unknown().optional(),
})
export type CardPaymentRequest = z.infer<typeof cardPaymentRequestSchema>

/** Spec §3 card payment response. */
export const cardPaymentResponseSchema = z.object({
  success: z.boolean(),
  paymentId: z.string().nullable(),
  status: z.string().nullable(),
  statusDetail: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
})
export type CardPaymentResponse = z.infer<typeof cardPaymentResponseSchema>

/** POST /api/payment/yape: the token the Yape SDK made from phone and OTP, and the plan it pays. */
export const yapePaymentRequestSchema = z.object({
  token: safeText().min(1).max(200),
  transaction_amount: z.number().positive(),
  installments: z.literal(1).default(1),
  payment_method_id: z.literal('yape').default('yape'),
  plan_id: int4Id(),
  description: safeText().max(300).optional(),
  payer: z.object({ email: z.email().max(254).optional() }).optional(),
  additional_info: z.object({ items: z.array(itemSchema).max(10) }).optional(),
})
export type YapePaymentRequest = z.infer<typeof yapePaymentRequestSchema>

/** Spec §3 mobile-wallet payment response. */
export const yapePaymentResponseSchema = z.object({
  id: z.string().nullable(),
  status: z.string(),
  status_detail: z.string().nullable(),
  error: z.object({ code: z.string(), description: z.string() }).optional(),
})
export type YapePaymentResponse = z.infer<typeof yapePaymentResponseSchema>

/** Sandbox tokenizers (offline stand-ins for Mercado Pago's card_tokens and Yape token calls). */
export const sandboxCardTokenRequestSchema = z.object({
  cardNumber: safeText().regex(/^\d{13,19}$/, 'Número de tarjeta inválido'),
  cardholderName: safeText().trim().min(1, 'Ingresa el nombre del titular').max(100),
  expirationMonth: safeText().regex(/^(0[1-9]|1[0-2])$/, 'Mes inválido'),
  expirationYear: safeText().regex(/^\d{4}$/, 'Año inválido'),
  securityCode: safeText().regex(/^\d{3,4}$/, 'Código de seguridad inválido'),
  identificationType: safeText().max(20),
  identificationNumber: safeText().max(30),
})
export const sandboxYapeTokenRequestSchema = z.object({
  phoneNumber: safeText().regex(/^\d{9}$/, 'Debes ingresar un número de 9 dígitos'),
  otp: safeText().regex(/^\d{6}$/, 'Debes ingresar exactamente 6 dígitos'),
})
export const sandboxTokenResponseSchema = z.object({
  id: z.string(),
  payment_method_id: z.string(),
  last_four_digits: z.string().nullable(),
})

/** Subscriptions: 'Suscribirme' starts one and the payer approves it at init_point; 'Editar' cancels. */
export const subscriptionRequestSchema = z.object({ plan_id: int4Id() })
export const subscriptionResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  init_point: z.string(),
})

/**
 * The most one admin or service call may add or take: far above any real grant, and far enough below the int4
 * balance that a typo cannot reach it in one step (a step that would overflow it is refused as a 400).
 */
export const CREDITS_CHANGE_MAX = 1_000_000
export const CREDITS_CHANGE_MAX_MESSAGE = 'La cantidad no puede ser mayor que un millón de créditos'

/** Spec §5/§7 admin and service calls; a signed-in user on their own balance gets 403. */
export const creditsAddRequestSchema = z.object({
  userId: safeText().min(1).max(100),
  amount: z.number().max(CREDITS_CHANGE_MAX, CREDITS_CHANGE_MAX_MESSAGE),
  reason: safeText().max(200).optional(),
})
export const creditsDeductRequestSchema = z.object({
  userId: safeText().min(1).max(100),
  amount: z.number().max(CREDITS_CHANGE_MAX, CREDITS_CHANGE_MAX_MESSAGE),
  agentId: safeText().max(100).optional(),
  response: z.unknown().optional(),
})
