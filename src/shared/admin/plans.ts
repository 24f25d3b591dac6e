import { z } from 'zod'
import { safeText } from '../fields'
import { PLAN_STATUSES, PLAN_TYPES } from '../payment-schemas'
import { isoDate, listQuerySchema, pageSchema, versionField } from './common'

export const PLAN_PRICE_MAX = 100_000
export const PLAN_CREDITS_MAX = 1_000_000

export const PLAN_MESSAGES = {
  planId: 'El identificador debe tener de 2 a 50 caracteres: minúsculas, números, guiones y guiones bajos',
  name: 'El nombre debe tener entre 1 y 100 caracteres',
  description: 'La descripción no puede tener más de 1000 caracteres',
  price: `El precio debe ser mayor que cero, en soles con hasta dos decimales y como máximo ${PLAN_PRICE_MAX}`,
  credits: `Los créditos deben ser un número entero entre 1 y ${PLAN_CREDITS_MAX}`,
  features: 'Hasta 20 características, de 1 a 200 caracteres cada una',
  type: 'El tipo debe ser prepago o suscripción',
  status: 'El estado debe ser activo, próximamente o inactivo',
  periodMonths: 'El período debe ser de 1 a 24 meses, solo para suscripciones',
  dates: 'La fecha de fin debe ser posterior a la de inicio',
  date: 'La fecha debe tener el formato ISO 8601 (2026-01-31T00:00:00Z)',
  sortOrder: 'El orden debe ser un número entero entre 0 y 10000',
  duplicate: 'Ya existe un plan con ese identificador',
  notFound: 'Plan no encontrado',
} as const

const date = z.iso.datetime({ offset: true, error: PLAN_MESSAGES.date })

const fields = {
  name: safeText({ error: PLAN_MESSAGES.name })
    .trim()
    .min(1, PLAN_MESSAGES.name)
    .max(100, PLAN_MESSAGES.name),
  description: safeText({ error: PLAN_MESSAGES.description }).trim().max(1000, PLAN_MESSAGES.description),
  /** Soles; stored as céntimos, so at most two decimals. */
  price: z
    .number({ error: PLAN_MESSAGES.price })
    .positive(PLAN_MESSAGES.price)
    .max(PLAN_PRICE_MAX, PLAN_MESSAGES.price)
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, PLAN_MESSAGES.price),
  credits: z
    .int({ error: PLAN_MESSAGES.credits })
    .min(1, PLAN_MESSAGES.credits)
    .max(PLAN_CREDITS_MAX, PLAN_MESSAGES.credits),
  features: z
    .array(safeText().trim().min(1, PLAN_MESSAGES.features).max(200, PLAN_MESSAGES.features), {
      error: PLAN_MESSAGES.features,
    })
    .max(20, PLAN_MESSAGES.features),
  type: z.enum(PLAN_TYPES, { error: PLAN_MESSAGES.type }),
  /** 'soon' shows the plan as coming ('Próximamente'); 'inactive' is retired. */
  status: z.enum(PLAN_STATUSES, { error: PLAN_MESSAGES.status }),
  /** Badges: 'Oferta' and 'Popular'. */
  isOffer: z.boolean(),
  isPopular: z.boolean(),
  periodMonths: z
    .int({ error: PLAN_MESSAGES.periodMonths })
    .min(1, PLAN_MESSAGES.periodMonths)
    .max(24, PLAN_MESSAGES.periodMonths)
    .nullable(),
  sortOrder: z
    .int({ error: PLAN_MESSAGES.sortOrder })
    .min(0, PLAN_MESSAGES.sortOrder)
    .max(10_000, PLAN_MESSAGES.sortOrder),
  /** When the plan is offered: null = from always / until further notice. */
  activeFrom: date.nullable(),
  activeUntil: date.nullable(),
}

export const adminPlanSchema = z.object({
  id: z.number().int(),
  planId: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  credits: z.number().int(),
  features: z.array(z.string()),
  type: z.enum(PLAN_TYPES),
  status: z.enum(PLAN_STATUSES),
  isOffer: z.boolean(),
  isPopular: z.boolean(),
  periodMonths: z.number().int().nullable(),
  sortOrder: z.number().int(),
  activeFrom: isoDate.nullable(),
  activeUntil: isoDate.nullable(),
  /** Attempts, payments or purchases name it: it can only be retired. */
  inUse: z.boolean(),
  version: z.number().int(),
})
export type AdminPlan = z.infer<typeof adminPlanSchema>

/** GET /api/admin/plans: `q` matches planId or name. */
export const planListQuerySchema = listQuerySchema(
  ['sortOrder', 'price', 'name', 'credits'],
  'sortOrder',
).extend({
  status: z.enum(PLAN_STATUSES, { error: PLAN_MESSAGES.status }).optional(),
  type: z.enum(PLAN_TYPES, { error: PLAN_MESSAGES.type }).optional(),
})
export const planPageSchema = pageSchema(adminPlanSchema)

const datesInOrder = (p: { activeFrom?: string | null; activeUntil?: string | null }) =>
  !p.activeFrom || !p.activeUntil || Date.parse(p.activeFrom) < Date.parse(p.activeUntil)
const periodFitsType = (p: { type?: string; periodMonths?: number | null }) =>
  p.type === undefined ||
  p.periodMonths === undefined ||
  (p.type === 'subscription') === (p.periodMonths !== null)

/** POST /api/admin/plans. */
export const planCreateSchema = z
  .strictObject({
    planId: z
      .string({ error: PLAN_MESSAGES.planId })
      .regex(/^[a-z0-9][a-z0-9_-]{1,49}$/, PLAN_MESSAGES.planId),
    name: fields.name,
    description: fields.description.default(''),
    price: fields.price,
    credits: fields.credits,
    features: fields.features.default([]),
    type: fields.type.default('prepaid'),
    status: fields.status.default('soon'),
    isOffer: fields.isOffer.default(false),
    isPopular: fields.isPopular.default(false),
    periodMonths: fields.periodMonths.default(null),
    sortOrder: fields.sortOrder.default(0),
    activeFrom: fields.activeFrom.default(null),
    activeUntil: fields.activeUntil.default(null),
  })
  .refine(datesInOrder, { message: PLAN_MESSAGES.dates, path: ['activeUntil'] })
  .refine(periodFitsType, { message: PLAN_MESSAGES.periodMonths, path: ['periodMonths'] })
export type PlanCreate = z.infer<typeof planCreateSchema>

/**
 * PATCH /api/admin/plans/:id. planId and type are fixed once created (purchases and subscriptions name them);
 * the server checks the dates and the period against the stored values too.
 */
export const planUpdateSchema = z
  .strictObject({
    version: versionField,
    name: fields.name.optional(),
    description: fields.description.optional(),
    price: fields.price.optional(),
    credits: fields.credits.optional(),
    features: fields.features.optional(),
    status: fields.status.optional(),
    isOffer: fields.isOffer.optional(),
    isPopular: fields.isPopular.optional(),
    periodMonths: fields.periodMonths.optional(),
    sortOrder: fields.sortOrder.optional(),
    activeFrom: fields.activeFrom.optional(),
    activeUntil: fields.activeUntil.optional(),
  })
  .refine(datesInOrder, { message: PLAN_MESSAGES.dates, path: ['activeUntil'] })
export type PlanUpdate = z.infer<typeof planUpdateSchema>

/** DELETE /api/admin/plans/:id?version=N: a plan nobody used is deleted; one in use is retired (status inactive). */
export const planRemoveQuerySchema = z.strictObject({
  version: z
    .string({ error: 'Falta la versión del registro que editas' })
    .regex(/^\d{1,10}$/, 'Falta la versión del registro que editas')
    .transform(Number),
})
export const planRemoveResultSchema = z.object({
  outcome: z.enum(['deleted', 'retired']),
  /** The retired plan; null when deleted. */
  plan: adminPlanSchema.nullable(),
})
export type PlanRemoveResult = z.infer<typeof planRemoveResultSchema>
