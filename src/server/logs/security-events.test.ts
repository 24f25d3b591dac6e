import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { LogEntry } from '../../shared/logger'
import type { Plan } from '../../shared/payment-schemas'
import { creditLedger } from '../credits/schema'
import { payments } from '../payments/schema'
import { grantAdmin } from '../test/admins'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { lastMailTo, tokenFromLink } from '../test/mailbox'
import { SANDBOX_CARD, sandboxCardToken } from '../test/sandbox-payments'
import { signedInPerson, type TestPerson } from '../test/users'

const SERVICE_SECRET = 'secreto-de-servicio-0123456789'
const CARD = SANDBOX_CARD.cardNumber
let ipSeq = 0
const freshIp = () => `198.51.100.${(++ipSeq % 250) + 1}`

describe.each(BACKENDS)('security events in the log on %s', (backend) => {
  let t: TestApp
  let ana: TestPerson
  let admin: TestPerson
  beforeAll(async () => {
    // Production limits (factor 1) and addresses read from X-Forwarded-For, as behind the real proxy.
    t = await createTestApp(backend, {
      AUTH_RATE_LIMIT_FACTOR: '1',
      TRUST_PROXY: 'true',
      SERVICE_SECRET,
    })
    ana = await signedInPerson(t, 'ana')
    admin = await signedInPerson(t, 'admin')
    await grantAdmin(t, admin)
    t.logger.setLevel('INFO')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })
  beforeEach(() => {
    t.logs.length = 0
  })

  const logged = (message: string) => t.logs.filter((e) => e.message === message)
  const only = (message: string): LogEntry => {
    const found = logged(message)
    expect(found, message).toHaveLength(1)
    return found[0]!
  }
  const EMAIL_HASH = /^[0-9a-f]{16}$/

  it('logs a failed sign-in with the address masked and hashed, the caller’s address and the transaction', async () => {
    const ip = freshIp()
    const res = await t.call('/api/auth/sign-in/email', {
      body: { email: ana.email, password: 'clave-mala-1' },
      headers: { 'x-forwarded-for': ip },
    })
    expect(res.status).toBe(401)
    const entry = only('Inicio de sesión fallido')
    expect(entry.level).toBe('INFO')
    expect(entry.transaction_id).toBe(res.headers.get('x-transaction-id'))
    expect(entry.metadata).toEqual({
      email: 'a***@ejemplo.pe',
      emailHash: expect.stringMatching(EMAIL_HASH),
      ip,
      reason: 'INVALID_EMAIL_OR_PASSWORD',
      attempt: 1,
    })
    // The same address gives the same hash, so its failures can be followed; the address itself never shows.
    await t.call('/api/auth/sign-in/email', {
      body: { email: ana.email.toUpperCase(), password: 'clave-mala-2' },
      headers: { 'x-forwarded-for': freshIp() },
    })
    const [first, second] = logged('Inicio de sesión fallido')
    expect(second?.metadata?.emailHash).toBe(first?.metadata?.emailHash)
    expect(second?.metadata?.attempt).toBe(2)
    expect(JSON.stringify(t.logs)).not.toContain(ana.email.split('@')[0])
  })

  it('logs the lock when an address reaches 5 failures, and each refusal after it', async () => {
    const email = `nadie-${Date.now()}@ejemplo.pe`
    for (let i = 0; i < 6; i++)
      await t.call('/api/auth/sign-in/email', {
        body: { email, password: 'clave-mala' },
        headers: { 'x-forwarded-for': freshIp() },
      })
    const lock = only('Cuenta bloqueada temporalmente por intentos fallidos')
    expect(lock.level).toBe('WARN')
    expect(lock.metadata).toMatchObject({ failures: 5, lockedSeconds: 900, email: 'n***@ejemplo.pe' })
    const failures = logged('Inicio de sesión fallido')
    expect(failures.map((e) => e.metadata?.reason)).toEqual([
      ...Array(5).fill('INVALID_EMAIL_OR_PASSWORD'),
      'ACCOUNT_LOCKED',
    ])
  })

  it('logs every 429 with its route and the caller’s address', async () => {
    const ip = freshIp()
    const statuses = []
    for (let i = 0; i < 6; i++) {
      const res = await t.call('/api/auth/sign-in/email', {
        body: { email: `otro${i}-${Date.now()}@ejemplo.pe`, password: 'clave-mala' },
        headers: { 'x-forwarded-for': ip },
      })
      statuses.push(res.status)
    }
    expect(statuses.at(-1)).toBe(429)
    const entry = only('Demasiadas solicitudes')
    expect(entry.level).toBe('WARN')
    expect(entry.metadata).toMatchObject({ method: 'POST', path: '/api/auth/sign-in/email', ip })
    expect(Number(entry.metadata?.retryAfter)).toBeGreaterThan(0)
  })

  it('logs a reset request (known or not) and a completed reset', async () => {
    const ip = freshIp()
    for (const email of [ana.email, 'desconocida@ejemplo.pe'])
      expect(
        (
          await t.call('/api/auth/request-password-reset', {
            body: { email },
            headers: { 'x-forwarded-for': ip },
          })
        ).status,
      ).toBe(200)
    const asked = logged('Restablecimiento de contraseña solicitado')
    expect(asked.map((e) => [e.level, e.metadata?.email, e.metadata?.ip])).toEqual([
      ['INFO', 'a***@ejemplo.pe', ip],
      ['INFO', 'd***@ejemplo.pe', ip],
    ])

    const link = (await lastMailTo(t.db, ana.email))!.links.find((l) => l.includes('update-password'))!
    const reset = await t.call('/api/auth/reset-password', {
      body: { newPassword: 'nueva-clave-7', token: tokenFromLink(link) },
      headers: { 'x-forwarded-for': ip },
    })
    expect(reset.status).toBe(200)
    const done = only('Contraseña restablecida')
    expect(done.level).toBe('INFO')
    expect(done.metadata).toEqual({ userId: `${ana.id.slice(0, 8)}…`, ip })
    expect(done.transaction_id).toBe(reset.headers.get('x-transaction-id'))
    // Nothing in the log carries the token.
    expect(JSON.stringify(t.logs)).not.toContain(tokenFromLink(link))
  })

  it('logs an address’s e-mail cap being reached', async () => {
    const email = `tope-${Date.now()}@ejemplo.pe`
    await t.call('/api/auth/sign-up/email', {
      body: { email, password: 'secreto-123' },
      headers: { 'x-forwarded-for': freshIp() },
    })
    for (let i = 0; i < 3; i++)
      await t.call('/api/auth/send-verification-email', {
        body: { email },
        headers: { 'x-forwarded-for': freshIp() },
      })
    const capped = only('Límite de correos para una dirección alcanzado: no se envió')
    expect(capped.level).toBe('WARN')
    expect(capped.metadata).toMatchObject({ scope: 'verification-mail', email: 't***@ejemplo.pe' })
  })

  it('stores and logs who changed a balance by hand', async () => {
    const add = await t.call('/api/credits/add', {
      headers: { 'x-service-secret': SERVICE_SECRET },
      body: { userId: ana.id, amount: 7 },
    })
    expect(add.status).toBe(200)
    const deduct = await t.call('/api/credits/deduct', {
      headers: { cookie: admin.cookie },
      body: { userId: ana.id, amount: 2 },
    })
    expect(deduct.status).toBe(200)
    const remaining = ((await deduct.json()) as { remaining_credits: number }).remaining_credits

    const rows = await t.db
      .select({ amount: creditLedger.amount, actor: creditLedger.actor })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, ana.id), eq(creditLedger.kind, 'admin')))
      .orderBy(creditLedger.id)
    expect(rows).toEqual([
      { amount: 7, actor: 'service' },
      { amount: -2, actor: `admin:${admin.id}` },
    ])
    // The welcome grant is the server's own decision: no actor.
    const [welcome] = await t.db
      .select({ actor: creditLedger.actor })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, ana.id), eq(creditLedger.kind, 'welcome')))
    expect(welcome).toEqual({ actor: null })

    const changes = logged('Saldo modificado a mano')
    expect(changes.map((e) => [e.level, e.metadata])).toEqual([
      ['INFO', { actor: 'service', userId: `${ana.id.slice(0, 8)}…`, amount: 7, remaining: remaining + 2 }],
      ['INFO', { actor: `admin:${admin.id}`, userId: `${ana.id.slice(0, 8)}…`, amount: -2, remaining }],
    ])
    expect(changes[1]?.transaction_id).toBe(deduct.headers.get('x-transaction-id'))
  })

  it('logs a recorded payment with its provider id traceable and no card data', async () => {
    const plans = (await (await t.call('/api/credits/plans')).json()) as Plan[]
    const plan = plans.find((p) => p.planId === 'inicial-10')!
    const token = await sandboxCardToken(t, admin.cookie)
    const paid = await t.call('/api/payment/create', {
      headers: { cookie: admin.cookie, 'x-meli-session-id': 'device-1' },
      body: {
        token,
        transaction_amount: plan.price,
        payment_method_id: 'visa',
        payer: { email: admin.email, identification: { type: 'DNI', number: '12345678' } },
        installments: 1,
        plan_id: plan.id,
        planId: plan.planId,
      },
    })
    expect(paid.status).toBe(200)
    const [row] = await t.db
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.userId, admin.id))
      .orderBy(desc(payments.id))
    const entry = only('Compra acreditada')
    // Sandbox ids are 10 to 15 digits, like Mercado Pago's: before, most were logged as [REDACTED_CARD].
    expect(entry.metadata?.paymentId).toBe(row!.providerPaymentId)
    expect(entry.metadata).toMatchObject({ provider: 'sandbox', planId: plan.id })
    expect(JSON.stringify(t.logs)).not.toContain(CARD)
  })
})
