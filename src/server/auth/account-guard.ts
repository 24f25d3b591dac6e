import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import type { Logger } from '../../shared/logger'
import type { Db } from '../db/client'
import { emailDigest, emailFields, normalizeEmail } from '../logs/email-tag'
import { CLIENT_IP_HEADER, TRANSACTION_ID_HEADER } from './internal-headers'
import type { AccountLimits } from './rate-limits'
import { type Claim, claimHit, clearHits, pruneHits } from './throttle'

export const SIGN_IN_SCOPE = 'sign-in'
const PRUNE_EVERY_MS = 10 * 60 * 1000
const PRUNE_OLDER_THAN_S = 24 * 60 * 60

type GuardDeps = { db: Db; logger: Logger; secret: string; limits: AccountLimits }

type HookContext = {
  path?: string
  body?: unknown
  request?: Request
  headers?: Headers
}

/** Who is asking, as our boundary stamped it on the request (routes.ts). */
export function callerOf(ctx: { request?: Request; headers?: Headers }) {
  const headers = ctx.request?.headers ?? ctx.headers
  return {
    ip: headers?.get(CLIENT_IP_HEADER) ?? 'desconocida',
    transactionId: headers?.get(TRANSACTION_ID_HEADER) ?? undefined,
  }
}

const bodyEmail = (body: unknown): string | null =>
  body && typeof body === 'object' && 'email' in body && typeof body.email === 'string'
    ? normalizeEmail(body.email)
    : null

/**
 * better-auth plugin: per-address protection against password guessing and the security log of sign-ins and reset
 * requests. Its before hook runs after better-auth's per-IP limit, so a request that limit refused spends nothing
 * here. Each sign-in takes a slot before the password is checked (atomically, see throttle.ts): N concurrent
 * guesses from N addresses get at most `max` checks. A correct password frees the slots; a wrong one keeps its
 * slot, and the `max`-th wrong one locks the address for the window. Unknown addresses are counted the same way,
 * so the lock reveals nothing (docs/decisions/0001, 0012).
 */
export function accountGuard({ db, logger, secret, limits }: GuardDeps) {
  // The after hook needs the before hook's claim: both see the same Request object.
  const claims = new WeakMap<Request, Claim>()
  let lastPrune = 0
  const logFor = (ctx: HookContext) => {
    const { ip, transactionId } = callerOf(ctx)
    return { log: transactionId ? logger.child({ transactionId }) : logger, ip }
  }
  const isSignIn = (ctx: HookContext) => ctx.path === '/sign-in/email'

  return {
    id: 'lexia-account-guard',
    hooks: {
      before: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = bodyEmail(ctx.body)
            if (!email) return
            if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
              lastPrune = Date.now()
              await pruneHits(db, PRUNE_OLDER_THAN_S)
            }
            const claim = await claimHit(db, SIGN_IN_SCOPE, emailDigest(secret, email), limits.signIn)
            if (ctx.request) claims.set(ctx.request, claim)
            if (claim.allowed) return
            const { log, ip } = logFor(ctx)
            log.info('Inicio de sesión fallido', {
              ...emailFields(secret, email),
              ip,
              reason: 'ACCOUNT_LOCKED',
              retryAfterSeconds: claim.retryAfterSeconds,
            })
            // No code of its own: the answer is the one any rate limit gives.
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: 'Too many failed sign-in attempts' },
              { 'X-Retry-After': String(claim.retryAfterSeconds) },
            )
          }),
        },
      ],
      after: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = bodyEmail(ctx.body)
            if (!email) return
            const returned = ctx.context.returned
            const failure = isAPIError(returned) ? returned : null
            const authCode = failure?.body?.code
            // A session, or a correct password on an unconfirmed account: the run of failures is over.
            if (!failure || authCode === 'EMAIL_NOT_VERIFIED')
              await clearHits(db, SIGN_IN_SCOPE, emailDigest(secret, email))
            if (!failure) return
            const { log, ip } = logFor(ctx)
            const claim = ctx.request ? claims.get(ctx.request) : undefined
            const who = emailFields(secret, email)
            log.info('Inicio de sesión fallido', {
              ...who,
              ip,
              reason: authCode ?? `HTTP_${failure.statusCode}`,
              ...(claim && { attempt: claim.hits }),
            })
            if (failure.statusCode === 401 && claim?.hits === limits.signIn.max)
              log.warn('Cuenta bloqueada temporalmente por intentos fallidos', {
                ...who,
                ip,
                failures: claim.hits,
                lockedSeconds: limits.signIn.window,
              })
          }),
        },
        {
          matcher: (ctx: HookContext) => ctx.path === '/request-password-reset',
          handler: createAuthMiddleware(async (ctx) => {
            const email = bodyEmail(ctx.body)
            if (!email) return
            const { log, ip } = logFor(ctx)
            // Logged for every address, known or not: the line must not become an account oracle either.
            log.info('Restablecimiento de contraseña solicitado', { ...emailFields(secret, email), ip })
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}
