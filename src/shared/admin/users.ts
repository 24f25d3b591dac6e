import { z } from 'zod'
import { creditSummarySchema } from '../credits-schemas'
import { INT4_MAX } from '../fields'
import { isoDate, listQuerySchema, pageSchema, reasonField } from './common'

export const CREDIT_CHANGE_MAX = 100_000

export const USER_MESSAGES = {
  notFound: 'Usuario no encontrado',
  amount: `La cantidad debe ser un número entero entre 1 y ${CREDIT_CHANGE_MAX}`,
  operation: 'La operación debe ser grant (añadir) o deduct (deducir)',
  insufficient: 'El saldo no alcanza para deducir esa cantidad',
  alreadyVerified: 'Este usuario ya confirmó su correo',
  alreadyDisabled: 'La cuenta ya está desactivada',
  alreadyEnabled: 'La cuenta ya está activa',
  self: 'No puedes desactivar tu propia cuenta',
  disabled: 'Tu cuenta está desactivada. Escribe a soporte si crees que es un error.',
} as const

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: isoDate,
  lastSignInAt: isoDate.nullable(),
  /** Set while the account is disabled: it cannot sign in nor call the API. */
  disabledAt: isoDate.nullable(),
  isAdmin: z.boolean(),
  remainingCredits: z.number().int(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

/** GET /api/admin/users: `q` is a part of the e-mail. */
export const userListQuerySchema = listQuerySchema(
  ['createdAt', 'email', 'lastSignInAt', 'credits'],
  'createdAt',
).extend({
  state: z.enum(['active', 'disabled'], { error: 'El estado debe ser active o disabled' }).optional(),
})
export const userPageSchema = pageSchema(adminUserSchema)

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  /** welcome, reserve, refund, purchase, admin, payment_refund */
  kind: z.string(),
  consultationId: z.number().int().nullable(),
  reference: z.string().nullable(),
  actor: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoDate,
})
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>

/** GET /api/admin/users/:id. The ledger shown is the last 50 rows; older ones page at /ledger. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  credits: creditSummarySchema,
  ledger: z.array(ledgerEntrySchema),
  consultations: z.object({ count: z.number().int(), lastAt: isoDate.nullable() }),
  purchases: z.array(
    z.object({
      id: z.number().int(),
      planId: z.number().int(),
      planName: z.string(),
      paymentId: z.number().int(),
      purchaseDate: isoDate,
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      planId: z.number().int(),
      planName: z.string(),
      provider: z.string(),
      providerSubscriptionId: z.string(),
      status: z.string(),
      currentPeriodEnd: isoDate.nullable(),
      createdAt: isoDate,
    }),
  ),
})
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>

/** GET /api/admin/users/:id/ledger: the user's whole ledger, newest first. */
export const ledgerListQuerySchema = listQuerySchema(['createdAt'], 'createdAt')
export const ledgerPageSchema = pageSchema(ledgerEntrySchema)

/** POST /api/admin/users/:id/credits: through the ledger, with the reason on the ledger row and the audit row. */
export const creditChangeRequestSchema = z.strictObject({
  operation: z.enum(['grant', 'deduct'], { error: USER_MESSAGES.operation }),
  amount: z
    .int({ error: USER_MESSAGES.amount })
    .min(1, USER_MESSAGES.amount)
    .max(CREDIT_CHANGE_MAX, USER_MESSAGES.amount),
  reason: reasonField,
})
export type CreditChangeRequest = z.infer<typeof creditChangeRequestSchema>
export const creditChangeResultSchema = z.object({
  credits: creditSummarySchema,
  ledgerEntryId: z.number().int().max(INT4_MAX),
})
export type CreditChangeResult = z.infer<typeof creditChangeResultSchema>

/** POST /api/admin/users/:id/disable: ends every session of the account; the reason is audited. */
export const userDisableRequestSchema = z.strictObject({ reason: reasonField })
/** POST /api/admin/users/:id/enable. */
export const userEnableRequestSchema = z.strictObject({ reason: reasonField.optional() })

/** POST /api/admin/users/:id/resend-confirmation answers `{ sent: true }`. */
export const resendConfirmationResultSchema = z.object({ sent: z.literal(true) })
