import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The caller's address for rate limits. Behind a proxy we trust (TRUST_PROXY) it is the last hop the
 * proxy appended; otherwise the socket's address, since any client can write X-Forwarded-For.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // In-process requests (tests calling app.request) have no socket.
    return '127.0.0.1'
  }
}
