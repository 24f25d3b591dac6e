import { z } from 'zod'
import { safeText } from '../fields'
import { isoDate, listQuerySchema, pageSchema } from './common'

export const ADMIN_ROLES = ['admin'] as const

/** GET /api/admin/me: who is using the console (the client shows /admin only to an admin). */
export const adminMeSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  roles: z.array(z.enum(ADMIN_ROLES)),
})
export type AdminMe = z.infer<typeof adminMeSchema>

/** One admin as GET /api/admin/admins lists them; grantedBy is null for a grant made at start (ADMIN_EMAILS). */
export const adminGrantSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  grantedAt: isoDate,
  grantedBy: z.string().nullable(),
})
export type AdminGrant = z.infer<typeof adminGrantSchema>

export const adminGrantListQuerySchema = listQuerySchema(['grantedAt', 'email'], 'grantedAt')
export const adminGrantPageSchema = pageSchema(adminGrantSchema)

/** POST /api/admin/admins: make an existing account an admin. */
export const adminGrantRequestSchema = z.strictObject({
  email: safeText().trim().toLowerCase().pipe(z.email('Escribe un correo electrónico válido').max(254)),
})
export type AdminGrantRequest = z.infer<typeof adminGrantRequestSchema>
