import { z } from 'zod'
import { safeText } from '../fields'
import { listQuerySchema, pageSchema, versionField } from './common'

export const COUNTRY_MESSAGES = {
  iso2: 'El código del país debe tener dos letras (ISO 3166-1)',
  name: 'El nombre debe tener entre 2 y 100 caracteres',
  flag: 'La bandera debe ser un emoji de hasta 16 caracteres',
  sortOrder: 'El orden debe ser un número entero entre 0 y 10000',
  duplicate: 'Ese país ya existe',
  notFound: 'País no encontrado',
} as const

const fields = {
  name: safeText({ error: COUNTRY_MESSAGES.name })
    .trim()
    .min(2, COUNTRY_MESSAGES.name)
    .max(100, COUNTRY_MESSAGES.name),
  flag: safeText({ error: COUNTRY_MESSAGES.flag })
    .trim()
    .min(1, COUNTRY_MESSAGES.flag)
    .max(16, COUNTRY_MESSAGES.flag),
  active: z.boolean({ error: 'Indica si el país está activo' }),
  sortOrder: z
    .int({ error: COUNTRY_MESSAGES.sortOrder })
    .min(0, COUNTRY_MESSAGES.sortOrder)
    .max(10_000, COUNTRY_MESSAGES.sortOrder),
}

export const adminCountrySchema = z.object({
  iso2: z.string(),
  name: z.string(),
  flag: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  version: z.number().int(),
})
export type AdminCountry = z.infer<typeof adminCountrySchema>

/** GET /api/admin/countries: `q` matches code or name. */
export const countryListQuerySchema = listQuerySchema(['sortOrder', 'name', 'iso2'], 'sortOrder')
export const countryPageSchema = pageSchema(adminCountrySchema)

/** POST /api/admin/countries. */
export const countryCreateSchema = z.strictObject({
  iso2: z
    .string({ error: COUNTRY_MESSAGES.iso2 })
    .regex(/^[A-Za-z]{2}$/, COUNTRY_MESSAGES.iso2)
    .transform((s) => s.toUpperCase()),
  name: fields.name,
  flag: fields.flag,
  active: fields.active.default(false),
  sortOrder: fields.sortOrder.default(0),
})
export type CountryCreate = z.infer<typeof countryCreateSchema>

/** PATCH /api/admin/countries/:iso2. */
export const countryUpdateSchema = z.strictObject({
  version: versionField,
  name: fields.name.optional(),
  flag: fields.flag.optional(),
  active: fields.active.optional(),
  sortOrder: fields.sortOrder.optional(),
})
export type CountryUpdate = z.infer<typeof countryUpdateSchema>
