import { createMiddleware } from 'hono/factory'
import { ADMIN_MESSAGES } from '../../shared/admin/common'
import { ServiceError } from '../../shared/errors'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import type { Db } from '../db/client'
import { isAdmin } from './roles'

export type AdminVariables = AuthVariables & { admin: { id: string; email: string } }

/**
 * The one gate of /api/admin/* (docs/decisions/0024): the session (401 without one), then the role, read from
 * the database on every request so a revoked admin is refused at once (403). It runs before any route reads its
 * body or query, so a refused caller learns nothing about what the route would have said.
 */
export function requireAdmin(db: Db, auth: Auth) {
  const role = createMiddleware<{ Variables: AdminVariables }>(async (c, next) => {
    const who = c.get('user')
    if (!(await isAdmin(db, who.id)))
      throw new ServiceError('UNAUTHORIZED', ADMIN_MESSAGES.forbidden, undefined, 403)
    c.set('admin', { id: who.id, email: who.email })
    await next()
  })
  return [requireUser(auth), role] as const
}
