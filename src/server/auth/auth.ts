import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, isAPIError } from 'better-auth/api'
import { bearer } from 'better-auth/plugins'
import { eq, sql } from 'drizzle-orm'
import { PASSWORD_MAX_LENGTH } from '../../shared/auth-payloads'
import { PRODUCT_NAME } from '../../shared/brand'
import type { Logger } from '../../shared/logger'
import { PASSWORD_MIN_LENGTH } from '../../shared/password-rule'
import { bootstrapAdmins } from '../admin/roles'
import type { AppConfig } from '../config'
import { grantCredits } from '../credits/ledger'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import { emailDigest, emailFields } from '../logs/email-tag'
import type { Mailer } from '../mail/mailer'
import { confirmEmailMail, existingAccountMail, resetPasswordMail } from '../mail/templates'
import { accountGuard, callerOf } from './account-guard'
import { CLIENT_IP_HEADER } from './internal-headers'
import { accountLimits, authRateLimits } from './rate-limits'
import { testPasswordHash } from './test-password-hash'
import { claimHit, type ThrottleRule } from './throttle'

export type AuthDeps = { config: AppConfig; db: Db; mailer: Mailer; logger: Logger }

export function createAuth({ config, db, mailer, logger }: AuthDeps) {
  const send = (message: Parameters<Mailer['send']>[0]) =>
    // A mail failure must not tell the caller whether the address exists; it is logged instead.
    mailer.send(message).catch((error: unknown) => {
      logger.error('No se pudo enviar un correo', { subject: message.subject, error: String(error) })
    })
  const limits = accountLimits(config.authRateLimitFactor)
  // Per address, across IPs: past the cap the request still answers its usual success and nothing is sent.
  const sendCapped = async (
    scope: 'reset-mail' | 'verification-mail',
    rule: ThrottleRule,
    message: Parameters<Mailer['send']>[0],
  ) => {
    const claim = await claimHit(db, scope, emailDigest(config.authSecret, message.to), rule)
    if (claim.allowed) return send(message)
    logger.warn('Límite de correos para una dirección alcanzado: no se envió', {
      scope,
      ...emailFields(config.authSecret, message.to),
      retryAfterSeconds: claim.retryAfterSeconds,
    })
  }

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    trustedOrigins: [config.baseUrl],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // better-auth's scrypt unless a test asks for the cheap one (config.ts refuses it outside NODE_ENV=test).
      password: config.testPasswordHash ? testPasswordHash : undefined,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.baseUrl}/auth?type=update-password&token=${encodeURIComponent(token)}`
        await sendCapped('reset-mail', limits.resetMail, resetPasswordMail(user.email, url))
      },
      onPasswordReset: async ({ user }, request) => {
        const { ip, transactionId } = callerOf({ request })
        ;(transactionId ? logger.child({ transactionId }) : logger).info('Contraseña restablecida', {
          userId: user.id,
          ip,
        })
      },
      onExistingUserSignUp: async ({ user }) => {
        await sendCapped(
          'verification-mail',
          limits.verificationMail,
          existingAccountMail(user.email, `${config.baseUrl}/auth`),
        )
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${config.baseUrl}/auth/callback?token=${encodeURIComponent(token)}`
        await sendCapped('verification-mail', limits.verificationMail, confirmEmailMail(user.email, url))
      },
    },
    user: {
      additionalFields: {
        lastSignInAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        firstLogin: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // docs/decisions/0006: a new account can try the product; the reference makes the grant once-only.
          after: async (created) => {
            if (config.welcomeCredits <= 0) return
            await grantCredits(db, {
              userId: created.id,
              amount: config.welcomeCredits,
              kind: 'welcome',
              reference: `welcome:${created.id}`,
            })
          },
        },
      },
      session: {
        create: {
          // Spec §4: last_sign_in_at is null on the very first login; the session remembers that.
          before: async (session) => {
            const [row] = await db
              .select({ lastSignInAt: schema.user.lastSignInAt, disabledAt: schema.user.disabledAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId))
            // An account an operator disabled gets no session, whatever the way in (docs/decisions/0024).
            if (row?.disabledAt)
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: 'Account disabled' })
            return { data: { ...session, firstLogin: row ? row.lastSignInAt === null : false } }
          },
          after: async (session) => {
            await db
              .update(schema.user)
              .set({ lastSignInAt: sql`now()` })
              .where(eq(schema.user.id, session.userId))
            // An ADMIN_EMAILS account confirmed after the start becomes admin at its first sign-in; a failure here
            // is logged and retried at the next sign-in, never a reason to refuse this one.
            if (config.adminEmails.length)
              await bootstrapAdmins(db, config.adminEmails, logger).catch((error: unknown) =>
                logger.error('No se pudo conceder el rol de administrador de ADMIN_EMAILS', {
                  error: error instanceof Error ? error.name : String(error),
                }),
              )
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100 * config.authRateLimitFactor,
      customRules: authRateLimits(config.authRateLimitFactor),
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
      cookiePrefix: 'lexia',
    },
    plugins: [bearer(), accountGuard({ db, logger, secret: config.authSecret, limits })],
    onAPIError: {
      // Reached only by errors thrown outside an endpoint: the account guard's refusal (already logged, as a
      // security event, not an error) or a real failure, logged by name and code — its message may hold SQL.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return
        const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
        logger.error('auth: error no controlado', {
          error: error instanceof Error ? error.name : typeof error,
          ...(typeof cause?.code === 'string' && { code: cause.code }),
        })
      },
    },
    logger: {
      level: 'error',
      log: (level, message, ...args) => {
        const metadata = args.length ? { args: args.map(String) } : undefined
        if (level === 'error') logger.error(`auth: ${message}`, metadata)
        else logger.warn(`auth: ${message}`, metadata)
      },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
