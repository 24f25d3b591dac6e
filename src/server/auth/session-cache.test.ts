import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson } from '../test/users'
import { createSessionCache, credentialOf } from './session-cache'

const ana = { user: { id: 'u1', email: 'ana@ejemplo.pe', lastSignInAt: null }, sessionId: 's1' }

describe('session cache', () => {
  it('reads the bearer token first, else the session cookie (plain or __Secure-)', () => {
    expect(credentialOf(new Headers({ authorization: 'Bearer abc.def' }))).toBe('bearer:abc.def')
    expect(credentialOf(new Headers({ cookie: 'a=1; lexia.session_token=tok.sig; b=2' }))).toBe(
      'cookie:tok.sig',
    )
    expect(credentialOf(new Headers({ cookie: '__Secure-lexia.session_token=x' }))).toBe('cookie:x')
    expect(
      credentialOf(new Headers({ cookie: 'other.session_token=x', authorization: 'Basic x' })),
    ).toBeNull()
  })

  it('keeps an entry 10 s at most, never past the session’s expiry, and forgets everything on clear', () => {
    let now = 1_000_000
    const cache = createSessionCache(10_000, () => now)
    cache.set('bearer:a', ana, null)
    cache.set('bearer:b', ana, new Date(now + 3_000))
    now += 2_999
    expect(cache.get('bearer:a')).toEqual(ana)
    expect(cache.get('bearer:b')).toEqual(ana)
    now += 1
    expect(cache.get('bearer:b')).toBeNull()
    now += 7_000
    expect(cache.get('bearer:a')).toBeNull()
    cache.set('bearer:a', ana, null)
    cache.set('bearer:c', ana, new Date(now - 1))
    expect(cache.get('bearer:c')).toBeNull()
    cache.clear()
    expect(cache.get('bearer:a')).toBeNull()
    expect(cache.get('bearer:other')).toBeNull()
  })

  it("evicts one account's sessions (every credential) and keeps the others'", () => {
    const cache = createSessionCache()
    const bea = { user: { id: 'u2', email: 'bea@ejemplo.pe', lastSignInAt: null }, sessionId: 's2' }
    cache.set('bearer:a', ana, null)
    cache.set('cookie:a', ana, null)
    cache.set('bearer:b', bea, null)
    expect(cache.evictUser('u1')).toBe(2)
    expect(cache.get('bearer:a')).toBeNull()
    expect(cache.get('cookie:a')).toBeNull()
    expect(cache.get('bearer:b')).toEqual(bea)
    expect(cache.evictUser('nadie')).toBe(0)
  })
})

describe.each(BACKENDS)('a cached session on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('is refused at once after sign-out, by bearer and by cookie', async () => {
    const who = await signedInPerson(t, 'cache')
    const me = (headers: Record<string, string>) => t.call('/api/credits', { headers })
    expect((await me({ authorization: `Bearer ${who.bearer}` })).status).toBe(200)
    expect((await me({ cookie: who.cookie })).status).toBe(200)
    const out = await t.call('/api/auth/sign-out', { headers: { cookie: who.cookie }, body: {} })
    expect(out.status).toBe(200)
    expect((await me({ authorization: `Bearer ${who.bearer}` })).status).toBe(401)
    expect((await me({ cookie: who.cookie })).status).toBe(401)
  })

  it('never answers one user with another’s session', async () => {
    const a = await signedInPerson(t, 'uno')
    const b = await signedInPerson(t, 'dos')
    for (let i = 0; i < 3; i++) {
      const ra = (await (
        await t.call('/api/me', { headers: { authorization: `Bearer ${a.bearer}` } })
      ).json()) as {
        user: { id: string }
      }
      const rb = (await (await t.call('/api/me', { headers: { cookie: b.cookie } })).json()) as {
        user: { id: string }
      }
      expect(ra.user.id).toBe(a.id)
      expect(rb.user.id).toBe(b.id)
    }
  })
})
