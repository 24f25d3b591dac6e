import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { type AuditEntry, auditListQuerySchema } from '../../shared/admin/audit'
import { type AdminGrant, adminGrantListQuerySchema, adminGrantRequestSchema } from '../../shared/admin/roles'
import { user } from '../db/auth-schema'
import { jsonBody, pathParam } from '../http/validate'
import { writeAudit } from './audit'
import type { AdminDeps } from './deps'
import { conflictError, iso, likePattern, notFound, offsetOf, pageOf, queryOf } from './http'
import type { AdminVariables } from './require-admin'
import { adminAudit, userRoles } from './schema'

export const ROLE_MESSAGES = {
  noAccount: 'No hay ninguna cuenta con ese correo',
  unconfirmed: 'Esa cuenta aún no confirmó su correo',
  already: 'Esa cuenta ya es administradora',
  notAdmin: 'Esa cuenta no es administradora',
  self: 'No puedes quitarte tu propio rol de administrador',
} as const

const grantColumns = {
  userId: userRoles.userId,
  email: user.email,
  role: userRoles.role,
  grantedAt: userRoles.grantedAt,
  grantedBy: userRoles.grantedBy,
}
type GrantRow = { userId: string; email: string; role: 'admin'; grantedAt: Date; grantedBy: string | null }
const toGrant = (r: GrantRow): AdminGrant => ({ ...r, grantedAt: iso(r.grantedAt)! })

const GRANT_SORTS = { grantedAt: userRoles.grantedAt, email: user.email }
const AUDIT_SORTS = { createdAt: adminAudit.id, action: adminAudit.action }
const userIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)

/** Who runs the console: the caller, the admins, granting and revoking the role; and the audit trail. */
export function adminRoleRoutes({ database }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/me', (c) => {
    const admin = c.get('admin')
    return c.json({ user: { id: admin.id, email: admin.email }, roles: ['admin'] })
  })

  app.get('/admins', async (c) => {
    const q = queryOf(c, adminGrantListQuerySchema)
    const where = q.q ? ilike(user.email, likePattern(q.q)) : undefined
    const order = q.dir === 'asc' ? asc(GRANT_SORTS[q.sort]) : desc(GRANT_SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select(grantColumns)
        .from(userRoles)
        .innerJoin(user, eq(user.id, userRoles.userId))
        .where(where)
        .orderBy(order, asc(userRoles.userId))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(userRoles).innerJoin(user, eq(user.id, userRoles.userId)).where(where),
    ])
    return c.json(pageOf(rows.map(toGrant), total?.n ?? 0, q))
  })

  app.post('/admins', async (c) => {
    const { email } = await jsonBody(c, adminGrantRequestSchema)
    const admin = c.get('admin')
    const granted = await db.transaction(async (tx) => {
      const [account] = await tx.select().from(user).where(eq(user.email, email))
      if (!account) throw notFound(ROLE_MESSAGES.noAccount)
      if (!account.emailVerified) throw conflictError(ROLE_MESSAGES.unconfirmed)
      const [row] = await tx
        .insert(userRoles)
        .values({ userId: account.id, role: 'admin', grantedBy: admin.id })
        .onConflictDoNothing()
        .returning()
      if (!row) throw conflictError(ROLE_MESSAGES.already)
      const view = toGrant({ ...row, email: account.email })
      await writeAudit(tx, admin, {
        action: 'admin_role.grant',
        entity: 'admin_role',
        entityId: account.id,
        after: view,
      })
      return view
    })
    return c.json(granted, 201)
  })

  app.delete('/admins/:userId', async (c) => {
    const target = pathParam(c, 'userId', userIdParam, { code: 'NOT_FOUND', message: ROLE_MESSAGES.notAdmin })
    const admin = c.get('admin')
    if (target === admin.id) throw conflictError(ROLE_MESSAGES.self)
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(userRoles)
        .where(and(eq(userRoles.userId, target), eq(userRoles.role, 'admin')))
        .returning()
      if (!row) throw notFound(ROLE_MESSAGES.notAdmin)
      const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, target))
      await writeAudit(tx, admin, {
        action: 'admin_role.revoke',
        entity: 'admin_role',
        entityId: target,
        before: toGrant({ ...row, email: account?.email ?? '' }),
      })
    })
    return c.json({ revoked: true })
  })

  app.get('/audit', async (c) => {
    const q = queryOf(c, auditListQuerySchema)
    const filters: SQL[] = []
    if (q.entity) filters.push(eq(adminAudit.entity, q.entity))
    if (q.entityId) filters.push(eq(adminAudit.entityId, q.entityId))
    if (q.actorId) filters.push(eq(adminAudit.actorId, q.actorId))
    if (q.q)
      filters.push(
        or(ilike(adminAudit.action, likePattern(q.q)), ilike(adminAudit.entityId, likePattern(q.q)))!,
      )
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(AUDIT_SORTS[q.sort]) : desc(AUDIT_SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(adminAudit)
        .where(where)
        .orderBy(order, desc(adminAudit.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(adminAudit).where(where),
    ])
    const items: AuditEntry[] = rows.map((r) => ({
      ...r,
      entity: r.entity as AuditEntry['entity'],
      createdAt: iso(r.createdAt)!,
    }))
    return c.json(pageOf(items, total?.n ?? 0, q))
  })

  return app
}
