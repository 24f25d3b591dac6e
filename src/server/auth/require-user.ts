import { createMiddleware } from 'hono/factory'
import { ServiceError } from '../../shared/errors'
import type { Auth } from './auth'
import { credentialOf, sessionCacheFor } from './session-cache'

export type SessionUser = { id: string; email: string; lastSignInAt: Date | null }
export type AuthVariables = { user: SessionUser; sessionId: string }

/**
 * The session a request's cookie or `Bearer` token presents, or null without a live one. A session resolved in the
 * last seconds is reused (session-cache.ts).
 */
export async function resolveSession(
  auth: Auth,
  headers: Headers,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  const credential = credentialOf(headers)
  if (!credential) return null
  const cache = sessionCacheFor(auth)
  const cached = cache.get(credential)
  if (cached) return cached
  const result = await auth.api.getSession({ headers })
  if (!result) return null
  const u = result.user as typeof result.user & { lastSignInAt?: Date | null }
  const resolved = {
    user: { id: u.id, email: u.email, lastSignInAt: u.lastSignInAt ?? null },
    sessionId: result.session.id,
  }
  cache.set(credential, resolved, result.session.expiresAt)
  return resolved
}

/** Resolves the caller from the session cookie or a `Bearer` session token; refuses anyone else. */
export function requireUser(auth: Auth) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const resolved = await resolveSession(auth, c.req.raw.headers)
    if (!resolved) throw new ServiceError('UNAUTHORIZED', 'Usuario no autenticado')
    c.set('user', resolved.user)
    c.set('sessionId', resolved.sessionId)
    await next()
  })
}
