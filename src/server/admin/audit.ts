import type { AuditEntity } from '../../shared/admin/audit'
import type { Db } from '../db/client'
import { adminAudit } from './schema'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Who acted: an admin, or the server itself (the start-up grant from ADMIN_EMAILS). */
export type AuditActor = { id: string; email: string } | null

export type AuditRecord = {
  action: string
  entity: AuditEntity
  entityId: string
  before?: unknown
  after?: unknown
  reason?: string | null
}

/** Dates become ISO text and undefined fields vanish, so before and after compare as the API shows them. */
const plain = (value: unknown): unknown =>
  value === undefined || value === null ? null : JSON.parse(JSON.stringify(value))

/**
 * The audit row of one admin action. Always called with the transaction that makes the change: if the change
 * rolls back, so does its row, and a change never commits without one.
 */
export async function writeAudit(tx: Tx | Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    before: plain(record.before),
    after: plain(record.after),
    reason: record.reason ?? null,
  })
}
