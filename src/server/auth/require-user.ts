import { createMiddleware } from 'hono/factory'
import { ServiceError } from '../../shared/errors'
import type { Auth } from './auth'

export type SessionUser = { id: string; email: string; lastSignInAt: Date | null }
export type AuthVariables = { user: SessionUser; sessionId: string }

/** Resolves the caller from the session cookie or a `Bearer` session token; refuses anyone else. */
export function requireUser(auth: Auth) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!result) throw new ServiceError('UNAUTHORIZED', 'Usuario no autenticado')
    const u = result.user as typeof result.user & { lastSignInAt?: Date | null }
    c.set('user', { id: u.id, email: u.email, lastSignInAt: u.lastSignInAt ?? null })
    c.set('sessionId', result.session.id)
    await next()
  })
}
