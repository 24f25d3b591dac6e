import { and, eq, inArray } from 'drizzle-orm'
import type { Logger } from '../../shared/logger'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import { writeAudit } from './audit'
import { userRoles } from './schema'

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
  return Boolean(row)
}

/**
 * The bootstrap of docs/decisions/0024: confirmed accounts whose e-mail is in ADMIN_EMAILS get the admin role (at
 * start, and at each sign-in of such an account, so one made after the start gets it too). Only confirmed ones:
 * anyone can sign up with an address, only its owner can confirm it. Each new grant is audited, actor null.
 */
export async function bootstrapAdmins(db: Db, adminEmails: string[], logger: Logger): Promise<number> {
  if (adminEmails.length === 0) return 0
  return db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(and(inArray(user.email, adminEmails), eq(user.emailVerified, true)))
    let granted = 0
    for (const account of accounts) {
      const [row] = await tx
        .insert(userRoles)
        .values({ userId: account.id, role: 'admin', grantedBy: null })
        .onConflictDoNothing()
        .returning()
      if (!row) continue
      granted++
      await writeAudit(tx, null, {
        action: 'admin_role.bootstrap',
        entity: 'admin_role',
        entityId: account.id,
        after: { email: account.email, role: 'admin' },
        reason: 'ADMIN_EMAILS',
      })
      logger.info('Rol de administrador concedido por ADMIN_EMAILS', { userId: account.id })
    }
    return granted
  })
}
