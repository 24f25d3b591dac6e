import { createMiddleware } from 'hono/factory'
import { type Logger, newTransactionId } from '../../shared/logger'
import { clientIp } from './client-ip'

export type LogVariables = { logger: Logger; transactionId: string }

/**
 * Gives each request a transaction id (spec §9) and a logger bound to it, echoes the id to the caller so a
 * support request can quote it, and logs the request at DEBUG (server errors are logged by the error handler).
 * Every 429, whichever limit gave it, is a security event: logged at WARN with the route and the address.
 */
export function requestLog(logger: Logger, opts: { trustProxy: boolean } = { trustProxy: false }) {
  return createMiddleware<{ Variables: LogVariables }>(async (c, next) => {
    const transactionId = newTransactionId()
    const log = logger.child({ transactionId })
    c.set('transactionId', transactionId)
    c.set('logger', log)
    const started = performance.now()
    await next()
    c.header('x-transaction-id', transactionId)
    if (c.res.status === 429)
      log.warn('Demasiadas solicitudes', {
        method: c.req.method,
        path: c.req.path,
        ip: clientIp(c, opts.trustProxy),
        retryAfter: c.res.headers.get('retry-after') ?? undefined,
      })
    log.debug('Solicitud', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    })
  })
}
