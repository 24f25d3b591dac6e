import { createMiddleware } from 'hono/factory'
import { ServiceError } from '../../shared/errors'
import type { Auth } from './auth'
import { credentialOf, sessionCacheFor } from './session-cache'

export type SessionUser = { id: string; email: string; lastSignInAt: Date | null }
export type AuthVariables = { user: SessionUser; sessionId: string }

/**
 * Resolves the caller from the session cookie or a `Bearer` session token; refuses anyone else. A session
 * resolved in the last seconds is reused (session-cache.ts).
 */
export function requireUser(auth: Auth) {
  const cache = sessionCacheFor(auth)
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const credential = credentialOf(c.req.raw.headers)
    if (!credential) throw new ServiceError('UNAUTHORIZED', 'Usuario no autenticado')
    let resolved = cache.get(credential)
    if (!resolved) {
      const result = await auth.api.getSession({ headers: c.req.raw.headers })
      if (!result) throw new ServiceError('UNAUTHORIZED', 'Usuario no autenticado')
      const u = result.user as typeof result.user & { lastSignInAt?: Date | null }
      resolved = {
        user: { id: u.id, email: u.email, lastSignInAt: u.lastSignInAt ?? null },
        sessionId: result.session.id,
      }
      cache.set(credential, resolved, result.session.expiresAt)
    }
    c.set('user', resolved.user)
    c.set('sessionId', resolved.sessionId)
    await next()
  })
}
