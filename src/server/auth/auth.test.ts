import { verifyPassword } from 'better-auth/crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, mailOutbox, session, user } from '../db/schema'
import { BACKENDS, cookiesOf, createTestApp, type TestApp } from '../test/harness'
import { lastMailTo, tokenFromLink } from '../test/mailbox'

const PASSWORD = 'secreto-123'
let seq = 0
const newEmail = () => `persona${++seq}-${Date.now()}@ejemplo.pe`

describe.each(BACKENDS)('auth on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    // The accounts are the subject here: better-auth's own password hash, as in production (the harness's is cheap).
    t = await createTestApp(backend, { AUTH_TEST_PASSWORD_HASH: 'false' })
  })
  afterAll(async () => {
    await t?.close()
  })

  async function signUp(email: string, password = PASSWORD) {
    return t.call('/api/auth/sign-up/email', {
      body: { email, password, name: email.split('@')[0], callbackURL: '/auth/callback' },
    })
  }
  async function confirm(email: string) {
    const mail = await lastMailTo(t.db, email)
    const link = mail!.links.find((l) => l.includes('/auth/callback'))!
    return t.call(`/api/auth/verify-email?token=${encodeURIComponent(tokenFromLink(link))}`)
  }
  async function signIn(email: string, password = PASSWORD) {
    return t.call('/api/auth/sign-in/email', { body: { email, password } })
  }
  async function confirmedUser() {
    const email = newEmail()
    expect((await signUp(email)).status).toBe(200)
    expect((await confirm(email)).status).toBe(200)
    return email
  }

  it('signs up, confirms from the outbox, signs in, reads the session and signs out', async () => {
    const email = newEmail()
    const signUpRes = await signUp(email)
    expect(signUpRes.status).toBe(200)
    expect(cookiesOf(signUpRes)).not.toContain('session_token')

    const mail = await lastMailTo(t.db, email)
    expect(mail?.subject).toBe('Confirma tu correo en Lexia')
    expect(mail?.html).toContain('Confirmar mi correo')
    expect(mail?.text).toContain(`${t.config.baseUrl}/auth/callback?token=`)
    expect(t.printed.join('\n')).toContain('/auth/callback?token=')

    const confirmRes = await confirm(email)
    expect(confirmRes.status).toBe(200)
    const verifiedCookie = cookiesOf(confirmRes)
    expect(verifiedCookie).toContain('lexia.session_token=')

    // The confirmation signed the user in: that was the first login.
    const first = await t.call('/api/auth/get-session', { headers: { cookie: verifiedCookie } })
    const firstBody = await first.json()
    expect(firstBody.user.email).toBe(email)
    expect(firstBody.user.emailVerified).toBe(true)
    expect(firstBody.session.firstLogin).toBe(true)

    const signInRes = await signIn(email)
    expect(signInRes.status).toBe(200)
    const cookie = cookiesOf(signInRes)
    const bearer = signInRes.headers.get('set-auth-token')
    expect(bearer).toBeTruthy()
    const sessionRes = await t.call('/api/auth/get-session', { headers: { cookie } })
    const sessionBody = await sessionRes.json()
    expect(sessionBody.session.firstLogin).toBe(false)
    expect(sessionBody.user.lastSignInAt).toBeTruthy()

    // The bearer form of the session works for API calls without cookies.
    const me = await t.call('/api/me', { headers: { authorization: `Bearer ${bearer}` } })
    expect(me.status).toBe(200)
    expect((await me.json()).user.email).toBe(email)

    const out = await t.call('/api/auth/sign-out', { method: 'POST', headers: { cookie } })
    expect(out.status).toBe(200)
    const after = await t.call('/api/me', { headers: { cookie } })
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Usuario no autenticado' })
  })

  it('stores the password as better-auth’s scrypt; the tests’ cheap hash only where a test asks for it', async () => {
    const stored = async (app: TestApp, email: string) => {
      const [row] = await app.db
        .select({ password: account.password })
        .from(account)
        .innerJoin(user, eq(user.id, account.userId))
        .where(eq(user.email, email))
      return row!.password!
    }
    const email = await confirmedUser()
    const real = await stored(t, email)
    expect(real).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
    expect(await verifyPassword({ hash: real, password: PASSWORD })).toBe(true)
    expect(await verifyPassword({ hash: real, password: 'otra-clave-9' })).toBe(false)

    const cheap = await createTestApp(backend)
    try {
      const other = newEmail()
      await cheap.call('/api/auth/sign-up/email', { body: { email: other, password: PASSWORD } })
      const hash = await stored(cheap, other)
      expect(hash).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/)
      // Never taken for a real hash, and it still tells a wrong password from the right one.
      expect(await verifyPassword({ hash, password: PASSWORD })).toBe(false)
      const link = (await lastMailTo(cheap.db, other))!.links[0]!
      await cheap.call(`/api/auth/verify-email?token=${encodeURIComponent(tokenFromLink(link))}`)
      const signIn = (password: string) =>
        cheap.call('/api/auth/sign-in/email', { body: { email: other, password } })
      expect((await signIn('otra-clave-9')).status).toBe(401)
      expect((await signIn(PASSWORD)).status).toBe(200)
    } finally {
      await cheap.close()
    }
  })

  it('refuses sign-in before confirmation with a Spanish message, and can resend the e-mail', async () => {
    const email = newEmail()
    await signUp(email)
    const res = await signIn(email)
    expect(res.status).toBe(403)
    const body = await res.json()
    expect(body.code).toBe('UNAUTHORIZED')
    expect(body.message).toMatch(/confirmar tu correo/)
    expect(body.details).toEqual({ authCode: 'EMAIL_NOT_VERIFIED' })
    expect(cookiesOf(res)).not.toContain('session_token')

    const mailsTo = async () =>
      (await t.db.select({ value: count() }).from(mailOutbox).where(eq(mailOutbox.to, email)))[0]!.value
    const before = await mailsTo()
    const resend = await t.call('/api/auth/send-verification-email', {
      body: { email, callbackURL: '/auth/callback' },
    })
    expect(resend.status).toBe(200)
    expect(await mailsTo()).toBe(before + 1)
  })

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const email = await confirmedUser()
    const wrong = await signIn(email, 'otra-clave-9')
    const unknown = await signIn(newEmail(), 'otra-clave-9')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  it('does not reveal an existing account on sign-up, and mails its owner instead', async () => {
    const email = await confirmedUser()
    const again = await signUp(email, 'otra-clave-9')
    expect(again.status).toBe(200)
    expect((await lastMailTo(t.db, email))?.subject).toBe('Ya tienes una cuenta en Lexia')
    expect((await signIn(email, 'otra-clave-9')).status).toBe(401)
  })

  it('resets a password from the e-mail link and ends the other sessions', async () => {
    const email = await confirmedUser()
    const oldCookie = cookiesOf(await signIn(email))
    expect((await t.call('/api/me', { headers: { cookie: oldCookie } })).status).toBe(200)

    const ask = await t.call('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/auth?type=update-password' },
    })
    expect(ask.status).toBe(200)
    const mail = await lastMailTo(t.db, email)
    expect(mail?.subject).toBe('Restablece tu contraseña de Lexia')
    const link = mail!.links.find((l) => l.includes('type=update-password'))!
    expect(link.startsWith(`${t.config.baseUrl}/auth?type=update-password&token=`)).toBe(true)

    const reset = await t.call('/api/auth/reset-password', {
      body: { newPassword: 'nueva-clave-7', token: tokenFromLink(link) },
    })
    expect(reset.status).toBe(200)
    expect((await t.call('/api/me', { headers: { cookie: oldCookie } })).status).toBe(401)
    expect((await signIn(email)).status).toBe(401)
    expect((await signIn(email, 'nueva-clave-7')).status).toBe(200)

    // The link works once.
    const reuse = await t.call('/api/auth/reset-password', {
      body: { newPassword: 'otra-clave-8', token: tokenFromLink(link) },
    })
    expect(reuse.status).toBe(400)
    expect((await reuse.json()).message).toBe('El código de verificación ha expirado o es inválido')
  })

  it('answers a reset request for an unknown e-mail like a known one, sending nothing', async () => {
    const email = newEmail()
    const res = await t.call('/api/auth/request-password-reset', { body: { email } })
    expect(res.status).toBe(200)
    expect(await lastMailTo(t.db, email)).toBeUndefined()
  })

  it('refuses a foreign Origin with 403', async () => {
    const res = await t.call('/api/auth/sign-in/email', {
      body: { email: newEmail(), password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Origen no permitido' })
    const crossSite = await t.call('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: '', 'sec-fetch-site': 'cross-site', cookie: 'lexia.session_token=x' },
    })
    expect(crossSite.status).toBe(403)
  })

  const badBodies: [string, string, unknown, string][] = [
    [
      'sign-up',
      '/api/auth/sign-up/email',
      { email: 'no-es-correo', password: PASSWORD },
      'El correo electrónico no es válido',
    ],
    [
      'sign-up',
      '/api/auth/sign-up/email',
      { email: 'corto@ejemplo.pe', password: '12345' },
      'La contraseña debe tener al menos 6 caracteres',
    ],
    [
      'sign-up',
      '/api/auth/sign-up/email',
      { email: 'largo@ejemplo.pe', password: 'x'.repeat(129) },
      'La contraseña no puede tener más de 128 caracteres',
    ],
    [
      'sign-up',
      '/api/auth/sign-up/email',
      { email: 'redir@ejemplo.pe', password: PASSWORD, callbackURL: 'https://evil.example' },
      'La ruta de redirección debe ser relativa',
    ],
    [
      'sign-up',
      '/api/auth/sign-up/email',
      'esto no es json',
      'El cuerpo de la solicitud debe ser JSON válido',
    ],
    ['sign-in', '/api/auth/sign-in/email', { email: 'a@ejemplo.pe' }, 'La contraseña es obligatoria'],
    ['sign-in', '/api/auth/sign-in/email', [], 'El cuerpo de la solicitud no es válido'],
    [
      'reset request',
      '/api/auth/request-password-reset',
      { email: 42 },
      'El correo electrónico no es válido',
    ],
    [
      'reset',
      '/api/auth/reset-password',
      { newPassword: '123', token: 'x' },
      'La contraseña debe tener al menos 6 caracteres',
    ],
    ['reset', '/api/auth/reset-password', { newPassword: PASSWORD }, 'Falta el código de verificación'],
  ]
  it.each(badBodies)(
    'answers a bad %s body with 400 and writes nothing (%#)',
    async (_name, path, body, message) => {
      const counts = async () => {
        const [u] = await t.db.select({ value: count() }).from(user)
        const [s] = await t.db.select({ value: count() }).from(session)
        const [m] = await t.db.select({ value: count() }).from(mailOutbox)
        return [u!.value, s!.value, m!.value]
      }
      const before = await counts()
      const res = await t.call(path, { body })
      expect(res.status).toBe(400)
      const json = await res.json()
      expect(json.code).toBe('VALIDATION_ERROR')
      expect(json.message).toBe(message)
      expect(await counts()).toEqual(before)
    },
  )

  it('never leaks database detail in an error', async () => {
    const res = await t.call('/api/auth/reset-password', {
      body: { newPassword: PASSWORD, token: "x' or 1=1 --" },
    })
    const text = await res.text()
    expect(res.status).toBe(400)
    expect(text).not.toMatch(/select|relation|postgres|drizzle|stack/i)
  })
})

describe.each(BACKENDS)('auth rate limits on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    // Factor 1: the production limits, which tests elsewhere raise.
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_FACTOR: '1' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers 429 with a Spanish message after too many sign-in attempts', async () => {
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 7; i++) {
      last = await t.call('/api/auth/sign-in/email', {
        body: { email: 'nadie@ejemplo.pe', password: 'clave-mala' },
      })
      statuses.push(last.status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.at(-1)).toBe(429)
    const body = await last!.json()
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.message).toBe('Demasiados intentos. Espera un momento e inténtalo de nuevo.')
    expect(last!.headers.get('retry-after')).toBeTruthy()
  })

  it('limits reset e-mails too', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await t.call('/api/auth/request-password-reset', { body: { email: 'alguien@ejemplo.pe' } })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
    expect(statuses.at(-1)).toBe(429)
  })
})
