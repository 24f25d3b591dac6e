import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../db/query'
import { createTestApp, type TestApp } from '../test/harness'
import { TEST_SIGN_IN_PATH, type TestSignInResponse } from './test-sign-in-routes'

const cookieOf = (body: TestSignInResponse) => `${body.cookie.name}=${body.cookie.value}`

async function counts(t: TestApp) {
  const [row] = await queryRows<{ users: number; sessions: number; accounts: number }>(
    t.db,
    sql`select (select count(*) from "user")::int as users, (select count(*) from session)::int as sessions,
      (select count(*) from account)::int as accounts`,
  )
  return row
}

describe('the browser flows’ sign-in fixture route', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', { WELCOME_CREDITS: '5' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('makes a confirmed account whose cookie the guarded API accepts, with its welcome credits', async () => {
    const res = await t.call(TEST_SIGN_IN_PATH, { body: { email: 'Fixture-1@Ejemplo.pe' } })
    expect(res.status).toBe(201)
    const body = (await res.json()) as TestSignInResponse
    expect(body.email).toBe('fixture-1@ejemplo.pe')
    const me = await t.call('/api/me', { headers: { cookie: cookieOf(body) } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(body.userId)
    const credits = await t.call('/api/credits', { headers: { cookie: cookieOf(body) } })
    expect(((await credits.json()) as { remaining_credits: number }).remaining_credits).toBe(5)
    const [user] = await queryRows<{ email_verified: boolean }>(
      t.db,
      sql`select email_verified from "user" where id = ${body.userId}`,
    )
    expect(user?.email_verified).toBe(true)
  })

  it('marks the first login only when asked, as the session hook does on a real first sign-in', async () => {
    const firstLoginOf = async (payload: Record<string, unknown>) => {
      const body = (await (await t.call(TEST_SIGN_IN_PATH, { body: payload })).json()) as TestSignInResponse
      const [row] = await queryRows<{ first_login: boolean }>(
        t.db,
        sql`select first_login from session where user_id = ${body.userId}`,
      )
      return row?.first_login
    }
    expect(await firstLoginOf({ email: 'primera@ejemplo.pe', firstLogin: true })).toBe(true)
    expect(await firstLoginOf({ email: 'otra-vez@ejemplo.pe' })).toBe(false)
  })

  it('gives the account a password the sign-in form accepts when one is sent', async () => {
    await t.call(TEST_SIGN_IN_PATH, { body: { email: 'con-clave@ejemplo.pe', password: 'clave-segura-1' } })
    const signIn = await t.call('/api/auth/sign-in/email', {
      body: { email: 'con-clave@ejemplo.pe', password: 'clave-segura-1' },
    })
    expect(signIn.status).toBe(200)
  })

  it('never signs in to an account that exists, and refuses bad bodies in Spanish, changing nothing', async () => {
    await t.call(TEST_SIGN_IN_PATH, { body: { email: 'ya-existe@ejemplo.pe' } })
    const before = await counts(t)
    const again = await t.call(TEST_SIGN_IN_PATH, { body: { email: 'YA-EXISTE@ejemplo.pe' } })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { message: string }).message).toMatch(/Ya existe una cuenta/)
    for (const body of [
      { email: 'no-es-correo' },
      { email: 'x@ejemplo.pe', password: '123' },
      { email: 'x@ejemplo.pe', firstLogin: 'sí' },
      { email: 'x@ejemplo.pe', role: 'admin' },
      '{"roto',
    ]) {
      const res = await t.call(TEST_SIGN_IN_PATH, { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      const error = (await res.json()) as { code: string; message: string }
      expect(error.code).toBe('VALIDATION_ERROR')
      expect(error.message).toMatch(/[áéíóúñ]|no es válid|debe/)
    }
    expect(await counts(t)).toEqual(before)
  })

  it('does not exist outside NODE_ENV=test', async () => {
    const dev = await createTestApp('pglite', { NODE_ENV: 'development' })
    try {
      const res = await dev.call(TEST_SIGN_IN_PATH, { body: { email: 'nadie@ejemplo.pe' } })
      expect(res.status).toBe(404)
    } finally {
      await dev.close()
    }
  })
})
