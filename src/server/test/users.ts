import { cookiesOf, type TestApp } from './harness'
import { lastMailTo, tokenFromLink } from './mailbox'

export type TestPerson = { id: string; email: string; cookie: string; bearer: string }

/** A confirmed, signed-in user made through the real auth endpoints: its cookie and its bearer token. */
export async function signedInPerson(t: TestApp, label: string): Promise<TestPerson> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@ejemplo.pe`
  const password = 'secreto-123'
  await t.call('/api/auth/sign-up/email', { body: { email, password, name: label } })
  const link = (await lastMailTo(t.db, email))!.links[0]!
  await t.call(`/api/auth/verify-email?token=${tokenFromLink(link)}`)
  const res = await t.call('/api/auth/sign-in/email', { body: { email, password } })
  const body = (await res.json()) as { user: { id: string } }
  return { id: body.user.id, email, cookie: cookiesOf(res), bearer: res.headers.get('set-auth-token')! }
}
