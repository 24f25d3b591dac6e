import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signatureManifest, signNotification, verifySignature } from './signature'

const secret = 'secreto-de-webhook'
const now = 1_790_000_000_000
const ts = String(now / 1000)

describe('Mercado Pago webhook signature', () => {
  it('builds the documented manifest, lower-casing an alphanumeric data.id', () => {
    expect(signatureManifest('ABC123', 'req-1', '1700')).toBe('id:abc123;request-id:req-1;ts:1700;')
    expect(signatureManifest('12-ab', 'req-1', '1700')).toBe('id:12-ab;request-id:req-1;ts:1700;')
  })

  it('accepts a good signature (ts in seconds or milliseconds)', () => {
    const header = signNotification(secret, '123456', 'req-9', ts)
    const v1 = createHmac('sha256', secret).update(`id:123456;request-id:req-9;ts:${ts};`).digest('hex')
    expect(header).toBe(`ts=${ts},v1=${v1}`)
    expect(verifySignature(secret, { signature: header, requestId: 'req-9', dataId: '123456' }, now)).toEqual(
      {
        ok: true,
      },
    )
    const ms = signNotification(secret, '123456', 'req-9', String(now))
    expect(verifySignature(secret, { signature: ms, requestId: 'req-9', dataId: '123456' }, now).ok).toBe(
      true,
    )
  })

  it('refuses a bad signature: other secret, other id, other request', () => {
    const header = signNotification(secret, '123456', 'req-9', ts)
    const check = (s: string, input: { requestId: string; dataId: string }) =>
      verifySignature(s, { signature: header, ...input }, now)
    expect(check('otro', { requestId: 'req-9', dataId: '123456' })).toEqual({ ok: false, reason: 'mismatch' })
    expect(check(secret, { requestId: 'req-9', dataId: '123457' })).toEqual({ ok: false, reason: 'mismatch' })
    expect(check(secret, { requestId: 'req-8', dataId: '123456' })).toEqual({ ok: false, reason: 'mismatch' })
  })

  it('refuses a stale or future signature beyond 300 s', () => {
    const old = signNotification(secret, '1', 'r', String(now / 1000 - 301))
    const soon = signNotification(secret, '1', 'r', String(now / 1000 + 301))
    const edge = signNotification(secret, '1', 'r', String(now / 1000 - 300))
    expect(verifySignature(secret, { signature: old, requestId: 'r', dataId: '1' }, now)).toEqual({
      ok: false,
      reason: 'stale',
    })
    expect(verifySignature(secret, { signature: soon, requestId: 'r', dataId: '1' }, now).ok).toBe(false)
    expect(verifySignature(secret, { signature: edge, requestId: 'r', dataId: '1' }, now).ok).toBe(true)
  })

  it('refuses missing and malformed headers', () => {
    expect(verifySignature(secret, { signature: null, requestId: 'r', dataId: '1' }, now).ok).toBe(false)
    expect(verifySignature(secret, { signature: 'ts=1', requestId: 'r', dataId: '1' }, now)).toEqual({
      ok: false,
      reason: 'malformed',
    })
    expect(
      verifySignature(secret, { signature: `ts=${ts},v1=zz`, requestId: 'r', dataId: '1' }, now).ok,
    ).toBe(false)
    expect(
      verifySignature(
        secret,
        { signature: `ts=${ts},v1=${'a'.repeat(64)}`, requestId: '', dataId: '1' },
        now,
      ),
    ).toEqual({ ok: false, reason: 'missing' })
  })
})
