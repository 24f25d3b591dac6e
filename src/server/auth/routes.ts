import { Hono } from 'hono'
import { AUTH_PAYLOADS } from '../../shared/auth-payloads'
import { errorBody, zodDetails } from '../../shared/errors'
import { CONTROL_CHARACTERS_MESSAGE, containsControlCharacters } from '../../shared/fields'
import { clientIp } from '../http/client-ip'
import type { LogVariables } from '../http/request-log'
import { isJsonContentType, NOT_JSON_CONTENT_TYPE_MESSAGE, NOT_JSON_MESSAGE } from '../http/validate'
import type { Auth } from './auth'
import { toAppAuthResponse } from './error-map'
import { CLIENT_IP_HEADER, TRANSACTION_ID_HEADER } from './internal-headers'
import { sessionCacheFor } from './session-cache'

type PayloadPath = keyof typeof AUTH_PAYLOADS
const isPayloadPath = (p: string): p is PayloadPath => p in AUTH_PAYLOADS

function parseOrUndefined(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/**
 * better-auth's handler behind our boundary: bodies validated by our schemas (Spanish errors, nothing
 * written on a bad body), the client address set by us, and every error re-shaped as `{code,message,details}`.
 */
export function authRoutes(auth: Auth, opts: { trustProxy: boolean }) {
  const app = new Hono<{ Variables: Partial<LogVariables> }>()
  const sessions = sessionCacheFor(auth)
  app.on(['GET', 'POST'], '/*', async (c) => {
    // Any change through better-auth (sign-out, password change or reset, revocations) may end sessions: the
    // cached ones are dropped, here and now, before and after it runs.
    if (c.req.method === 'POST') sessions.clear()
    const headers = new Headers(c.req.raw.headers)
    headers.set(CLIENT_IP_HEADER, clientIp(c, opts.trustProxy))
    // The security log lines better-auth's hooks write carry this request's transaction id.
    headers.delete(TRANSACTION_ID_HEADER)
    if (c.var.transactionId) headers.set(TRANSACTION_ID_HEADER, c.var.transactionId)
    headers.delete('content-length')
    let body: string | undefined
    if (c.req.method === 'POST') {
      const subPath = c.req.path.replace(/^\/api\/auth/, '')
      const raw = await c.req.text()
      if (isPayloadPath(subPath)) {
        if (!isJsonContentType(c.req.header('content-type')))
          return c.json(errorBody('VALIDATION_ERROR', NOT_JSON_CONTENT_TYPE_MESSAGE), 415)
        const json = parseOrUndefined(raw)
        if (json === undefined) return c.json(errorBody('VALIDATION_ERROR', NOT_JSON_MESSAGE), 400)
        const parsed = AUTH_PAYLOADS[subPath].safeParse(json)
        if (!parsed.success) {
          const details = zodDetails(parsed.error)
          return c.json(errorBody('VALIDATION_ERROR', Object.values(details)[0], details), 400)
        }
        body = JSON.stringify(parsed.data)
        headers.set('content-type', 'application/json')
      } else {
        // The endpoints without a schema of ours (change-password, change-email…) still never get a control
        // character to store: PostgreSQL refuses NUL in text, and the library would answer that with a 500.
        const json = raw ? parseOrUndefined(raw) : {}
        if (json === undefined) return c.json(errorBody('VALIDATION_ERROR', NOT_JSON_MESSAGE), 400)
        if (containsControlCharacters(json))
          return c.json(errorBody('VALIDATION_ERROR', CONTROL_CHARACTERS_MESSAGE), 400)
        // better-auth answers 415 to a body-less POST (sign-out): give it the empty JSON it expects.
        body = raw || '{}'
        if (!raw) headers.set('content-type', 'application/json')
      }
    }
    const request = new Request(c.req.raw.url, { method: c.req.method, headers, body })
    const response = toAppAuthResponse(await auth.handler(request))
    if (c.req.method === 'POST') sessions.clear()
    return response
  })
  return app
}
