import type { MiddlewareHandler } from 'hono'
import { errorBody } from '../../shared/errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for every state-changing API call: a browser always sends Origin on a cross-site POST,
 * so a foreign Origin is refused outright. Calls without Origin and without cookies (server-to-server,
 * bearer tokens, webhooks) carry no ambient credentials and pass to their route's own checks.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin))
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const fetchSite = c.req.header('sec-fetch-site')
    const hasCookie = Boolean(c.req.header('cookie'))
    let allowed: boolean
    if (origin && origin !== 'null') allowed = trusted.has(origin)
    else if (fetchSite) allowed = fetchSite === 'same-origin' || fetchSite === 'none'
    else allowed = !hasCookie
    if (!allowed) return c.json(errorBody('UNAUTHORIZED', 'Origen no permitido'), 403)
    return next()
  }
}
