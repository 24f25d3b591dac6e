import type { AuditEntity } from '../../shared/admin/audit'
import type { Db } from '../db/client'
import { type AuditActor, writeAudit } from './audit'
import { notFound, staleError } from './http'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

type Edit<Row extends { version: number }, View> = {
  actor: AuditActor
  /** The row, locked (SELECT … FOR UPDATE) so a concurrent edit waits and then sees the new version. */
  load: (tx: Tx) => Promise<Row | undefined>
  /** The version the editor read. */
  version: number
  /** Writes the change and bumps the version; returns the row as it now is. */
  apply: (tx: Tx, row: Row) => Promise<Row>
  view: (row: Row, tx: Tx) => View | Promise<View>
  notFoundMessage: string
  audit: { action: string; entity: AuditEntity; entityId: string; reason?: string | null }
}

/**
 * One edit of a versioned record (docs/decisions/0024): locked, checked against the version the editor read
 * (409 with the current record when stale), changed, and audited, all in one transaction, so two operators
 * editing one record at once never lose an update and a refused edit writes nothing.
 */
export async function editVersioned<Row extends { version: number }, View>(
  db: Db,
  edit: Edit<Row, View>,
): Promise<View> {
  return db.transaction(async (tx) => {
    const row = await edit.load(tx)
    if (!row) throw notFound(edit.notFoundMessage)
    const before = await edit.view(row, tx)
    if (row.version !== edit.version) throw staleError(before)
    const changed = await edit.apply(tx, row)
    const after = await edit.view(changed, tx)
    await writeAudit(tx, edit.actor, { ...edit.audit, before, after })
    return after
  })
}
