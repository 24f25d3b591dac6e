import { makeSignature } from 'better-auth/crypto'
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from '../../shared/auth-payloads'
import { ServiceError } from '../../shared/errors'
import { PASSWORD_MIN_LENGTH } from '../../shared/password-rule'
import type { Db } from '../db/client'
import { sqlState } from '../db/errors'
import { user } from '../db/schema'
import { jsonBody } from '../http/validate'
import type { Auth } from './auth'

export const TEST_SIGN_IN_PATH = '/dev/sesion'

export const testSignInRequestSchema = z
  .object(
    {
      email: z
        .string({ error: 'El correo electrónico no es válido' })
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: 'El correo electrónico no es válido' }).max(254)),
      /** Only for a flow that will also sign in with it through the form. */
      password: z
        .string({ error: 'La contraseña no es válida' })
        .min(PASSWORD_MIN_LENGTH, 'La contraseña debe tener al menos 6 caracteres')
        .max(PASSWORD_MAX_LENGTH, 'La contraseña no puede tener más de 128 caracteres')
        .optional(),
      /** True: the session is the account's first login, so the app opens its help (spec §4). */
      firstLogin: z.boolean({ error: 'firstLogin debe ser verdadero o falso' }).optional(),
    },
    { error: 'El cuerpo de la solicitud no es válido' },
  )
  .strict()

export type TestSignInRequest = z.input<typeof testSignInRequestSchema>
export type TestSignInResponse = {
  userId: string
  email: string
  /** The signed session cookie, exactly as the server would set it on a sign-in. */
  cookie: { name: string; value: string }
}

const TAKEN = 'Ya existe una cuenta con ese correo: esta ruta solo crea cuentas nuevas'

/**
 * `POST /dev/sesion`, mounted only when NODE_ENV=test (docs/decisions/0022): a new confirmed account and a
 * session for it, made by the server's own auth code (better-auth's internal adapter, so the welcome credits and
 * the first-login mark run as on a real sign-up), answered with the signed session cookie. The browser flows
 * start signed in through it instead of each signing up through the mailbox and the form.
 *
 * It never signs in to an account that already exists, so even if it were reachable it could not open anyone's
 * data; it is still kept out of development and production, where it would skip the e-mail confirmation.
 */
export function testSignInRoutes(auth: Auth, db: Db) {
  const app = new Hono()
  app.post('/', async (c) => {
    const { email, password, firstLogin = false } = await jsonBody(c, testSignInRequestSchema)
    const ctx = await auth.$context
    if (await ctx.internalAdapter.findUserByEmail(email))
      throw new ServiceError('VALIDATION_ERROR', TAKEN, undefined, 409)
    const created = await ctx.internalAdapter
      .createUser({ email, name: email.split('@')[0]!, emailVerified: true }, { method: 'test' })
      .catch((error: unknown) => {
        // Two requests for one address at once: the unique index refuses the second.
        if (sqlState(error) === '23505') throw new ServiceError('VALIDATION_ERROR', TAKEN, undefined, 409)
        throw error
      })
    if (password) {
      await ctx.internalAdapter.linkAccount({
        userId: created.id,
        providerId: 'credential',
        accountId: created.id,
        password: await ctx.password.hash(password),
      })
    }
    // The session hook marks a first login when the account has never signed in (auth.ts).
    if (!firstLogin) await db.update(user).set({ lastSignInAt: sql`now()` }).where(eq(user.id, created.id))
    const session = await ctx.internalAdapter.createSession(created.id)
    const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`
    const response: TestSignInResponse = {
      userId: created.id,
      email: created.email,
      cookie: { name: ctx.authCookies.sessionToken.name, value: encodeURIComponent(signed) },
    }
    return c.json(response, 201)
  })
  return app
}
