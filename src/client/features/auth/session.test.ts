import { describe, expect, it } from 'vitest'
import { announceFirstLogin, parseSessionPayload, toAuthSession, userChanged } from './session'

const payload = (firstLogin?: boolean, token = 'tok-1', userId = 'u1') =>
  parseSessionPayload({
    session: { id: 's1', token, expiresAt: '2030-01-01T00:00:00.000Z', userId, firstLogin },
    user: { id: userId, email: 'ana@example.pe', name: 'ana', emailVerified: true, lastSignInAt: null },
  })!

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  }
}

describe('session mapping', () => {
  it('builds the spec session from better-auth’s', () => {
    expect(toAuthSession(payload())).toEqual({
      access_token: 'tok-1',
      refresh_token: null,
      expires_at: Date.UTC(2030, 0, 1) / 1000,
      user: { id: 'u1', email: 'ana@example.pe', name: 'ana', email_verified: true, last_sign_in_at: null },
    })
  })

  it('accepts Date objects as better-auth’s client parses them', () => {
    const parsed = parseSessionPayload({
      session: { token: 't', expiresAt: new Date(Date.UTC(2031, 0, 1)) },
      user: { id: 'u', email: 'e@x.pe', lastSignInAt: new Date(Date.UTC(2024, 5, 1)) },
    })!
    const session = toAuthSession(parsed)
    expect(session.expires_at).toBe(Date.UTC(2031, 0, 1) / 1000)
    expect(session.user.last_sign_in_at).toBe('2024-06-01T00:00:00.000Z')
  })

  it('reads null and malformed answers as signed out', () => {
    expect(parseSessionPayload(null)).toBeNull()
    const quiet = console.error
    console.error = () => {}
    expect(parseSessionPayload({ session: null, user: null })).toBeNull()
    console.error = quiet
  })
})

describe('userChanged', () => {
  it('compares with the remembered user before the first check, then with the last seen', () => {
    expect(userChanged(undefined, 'u1', 'u1')).toBe(false)
    expect(userChanged(undefined, 'u1', 'u2')).toBe(true)
    expect(userChanged(undefined, 'u1', null)).toBe(true)
    expect(userChanged(undefined, null, null)).toBe(false)
    expect(userChanged('u1', 'u2', 'u2')).toBe(true)
    expect(userChanged(null, null, 'u1')).toBe(true)
    expect(userChanged('u1', 'u1', 'u1')).toBe(false)
  })
})

describe('first-login event', () => {
  it('fires once per account, in this tab, in a new tab and after a browser restart', () => {
    const storage = memoryStorage()
    const target = new EventTarget()
    let fired = 0
    target.addEventListener('first-login', () => fired++)
    const announced = new Set<string>()
    expect(announceFirstLogin(payload(true), storage, target, announced)).toBe(true)
    expect(announceFirstLogin(payload(true), storage, target, announced)).toBe(false)
    // A reload, a new tab or a new browser session: new memory, the same durable storage.
    expect(announceFirstLogin(payload(true), storage, target, new Set())).toBe(false)
    // The same account with another token (a refreshed cookie) is still the same account.
    expect(announceFirstLogin(payload(true, 'tok-2'), storage, target, new Set())).toBe(false)
    expect(fired).toBe(1)
  })

  it('fires for each account that signs in for the first time in the same browser', () => {
    const storage = memoryStorage()
    const target = new EventTarget()
    let fired = 0
    target.addEventListener('first-login', () => fired++)
    expect(announceFirstLogin(payload(true, 'tok-1', 'u1'), storage, target, new Set())).toBe(true)
    expect(announceFirstLogin(payload(true, 'tok-2', 'u2'), storage, target, new Set())).toBe(true)
    expect(fired).toBe(2)
  })

  it('still fires once per page when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    const target = new EventTarget()
    let fired = 0
    target.addEventListener('first-login', () => fired++)
    const announced = new Set<string>()
    expect(announceFirstLogin(payload(true), broken, target, announced)).toBe(true)
    expect(announceFirstLogin(payload(true), broken, target, announced)).toBe(false)
    expect(fired).toBe(1)
  })

  it('does not fire for a returning user', () => {
    const target = new EventTarget()
    let fired = 0
    target.addEventListener('first-login', () => fired++)
    expect(announceFirstLogin(payload(false), memoryStorage(), target, new Set())).toBe(false)
    expect(fired).toBe(0)
  })
})
