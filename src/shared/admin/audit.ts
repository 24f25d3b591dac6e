import { z } from 'zod'
import { safeText } from '../fields'
import { isoDate, listQuerySchema, pageSchema } from './common'

/** What an audit row is about. */
export const AUDIT_ENTITIES = [
  'admin_role',
  'agent',
  'country',
  'plan',
  'user',
  'credits',
  'payment',
  'feedback',
  'suggestion',
  'corpus',
] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

/**
 * One admin action, written in the same transaction as the change and never edited or deleted (a trigger
 * refuses both). `before`/`after` are the record's fields as they were and became (null on a create / delete).
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** 'agent.create', 'plan.update', 'user.disable', 'credits.grant', … */
  action: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  createdAt: isoDate,
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** GET /api/admin/audit: newest first by default; `q` matches the action or the record id. */
export const auditListQuerySchema = listQuerySchema(['createdAt', 'action'], 'createdAt').extend({
  entity: z.enum(AUDIT_ENTITIES, { error: 'Tipo de registro desconocido' }).optional(),
  entityId: safeText().max(200).optional(),
  actorId: safeText().max(100).optional(),
})
export const auditPageSchema = pageSchema(auditEntrySchema)
