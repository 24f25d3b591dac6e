import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../db/schema'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { lastMailTo, tokenFromLink } from '../test/mailbox'
import { TOO_MANY_ATTEMPTS } from './error-map'
import { authThrottle } from './schema'

const PASSWORD = 'secreto-123'
let seq = 0
const newEmail = () => `guardia${++seq}-${Date.now()}@ejemplo.pe`
let ipSeq = 0
/** A different caller each time, as a botnet would be. */
const freshIp = () => `203.0.113.${(++ipSeq % 250) + 1}`

describe.each(BACKENDS)('per-account protection on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    // Factor 1: the production limits. TRUST_PROXY: each request comes from the address it says.
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' })
  })
  afterAll(async () => {
    await t?.close()
  })

  const from = (ip = freshIp()) => ({ 'x-forwarded-for': ip })
  const signIn = (email: string, password: string, ip?: string) =>
    t.call('/api/auth/sign-in/email', { body: { email, password }, headers: from(ip) })
  const mailsTo = async (email: string) =>
    (await t.db.select({ value: count() }).from(mailOutbox).where(eq(mailOutbox.to, email)))[0]!.value

  async function confirmedUser() {
    const email = newEmail()
    const up = await t.call('/api/auth/sign-up/email', {
      body: { email, password: PASSWORD },
      headers: from(),
    })
    expect(up.status).toBe(200)
    const link = (await lastMailTo(t.db, email))!.links[0]!
    const confirmed = await t.call(`/api/auth/verify-email?token=${tokenFromLink(link)}`, { headers: from() })
    expect(confirmed.status).toBe(200)
    return email
  }
  const unlock = () => t.db.delete(authThrottle)

  it('locks an account after 5 wrong passwords from 5 addresses, the right one included, as it locks an unknown one', async () => {
    const email = await confirmedUser()
    const unknown = newEmail()
    for (const address of [email, unknown]) {
      const statuses = []
      for (let i = 0; i < 5; i++) statuses.push((await signIn(address, 'clave-mala-1', freshIp())).status)
      expect(statuses).toEqual([401, 401, 401, 401, 401])
    }
    const locked = await signIn(email, PASSWORD)
    const lockedUnknown = await signIn(unknown, PASSWORD)
    expect(locked.status).toBe(429)
    expect(lockedUnknown.status).toBe(429)
    // Alike but for the seconds left, which differ because the two locks began a moment apart.
    const shape = (b: { details: { retryAfterSeconds: number } }) => ({
      ...b,
      details: { ...b.details, retryAfterSeconds: Math.round(b.details.retryAfterSeconds / 60) },
    })
    const body = await locked.json()
    expect(shape(body)).toEqual(shape(await lockedUnknown.json()))
    expect(body).toEqual({
      code: 'VALIDATION_ERROR',
      message: TOO_MANY_ATTEMPTS,
      details: { retryAfterSeconds: expect.any(Number) },
    })
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    expect(locked.headers.get('set-cookie')).toBeNull()

    // Fifteen minutes later the owner signs in.
    await unlock()
    expect((await signIn(email, PASSWORD)).status).toBe(200)
  })

  it('forgets the failures once the right password is given', async () => {
    const email = await confirmedUser()
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'clave-mala-2')).status).toBe(401)
    expect((await signIn(email, PASSWORD)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'clave-mala-2')).status).toBe(401)
    expect((await signIn(email, PASSWORD)).status).toBe(200)
  })

  it('checks at most 5 of 20 concurrent guesses from 20 addresses', async () => {
    const email = await confirmedUser()
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(email, `clave-mala-${i}`, freshIp())),
    )
    const statuses = guesses.map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    expect((await signIn(email, PASSWORD)).status).toBe(429)
    await unlock()
  })

  it('sends at most 3 reset e-mails an hour to one address, whatever the callers, answering each alike', async () => {
    const email = await confirmedUser()
    const unknown = newEmail()
    const ask = (address: string) =>
      t.call('/api/auth/request-password-reset', { body: { email: address }, headers: from() })
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await ask(email))
    answers.push(await ask(unknown))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    const bodies = await Promise.all(answers.map((r) => r.text()))
    expect(new Set(bodies).size).toBe(1)
    // The confirmation, then three reset links.
    expect(await mailsTo(email)).toBe(1 + 3)
    expect((await lastMailTo(t.db, email))?.subject).toBe('Restablece tu contraseña de Lexia')
    expect(await mailsTo(unknown)).toBe(0)
  })

  it('sends at most 3 confirmation e-mails an hour to one address, sign-up included', async () => {
    const email = newEmail()
    const up = await t.call('/api/auth/sign-up/email', {
      body: { email, password: PASSWORD },
      headers: from(),
    })
    expect(up.status).toBe(200)
    const resends = []
    for (let i = 0; i < 4; i++)
      resends.push(
        await t.call('/api/auth/send-verification-email', {
          body: { email, callbackURL: '/auth/callback' },
          headers: from(),
        }),
      )
    expect(resends.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(await mailsTo(email)).toBe(3)
    // A sign-up with the same address (which mails its owner) is capped by the same count.
    await t.call('/api/auth/sign-up/email', { body: { email, password: 'otra-clave-9' }, headers: from() })
    expect(await mailsTo(email)).toBe(3)
  })
})
