import { createHmac, timingSafeEqual } from 'node:crypto'

/** Mercado Pago's notifications older or newer than this are refused (replays of a captured request). */
export const SIGNATURE_TOLERANCE_S = 300

export type SignatureInput = {
  /** The x-signature header: `ts=<unix seconds or ms>,v1=<hex hmac>`. */
  signature: string | null | undefined
  /** The x-request-id header. */
  requestId: string | null | undefined
  /** data.id from the notification's query string (or body). */
  dataId: string | null | undefined
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' }

/** data.id goes into the manifest lower-cased when it is alphanumeric, as Mercado Pago signs it. */
function manifestId(dataId: string): string {
  return /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId
}

/** Mercado Pago's manifest: `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`. */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${manifestId(dataId)};request-id:${requestId};ts:${ts};`
}

export function signNotification(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest('hex')
  return `ts=${ts},v1=${v1}`
}

/**
 * Verifies a webhook's x-signature (HMAC-SHA256 of the manifest with the webhook secret), in constant time, within
 * ±300 s of now. Mercado Pago has sent ts in seconds and in milliseconds: both are read.
 */
export function verifySignature(secret: string, input: SignatureInput, nowMs = Date.now()): SignatureCheck {
  if (!input.signature || !input.requestId || !input.dataId) return { ok: false, reason: 'missing' }
  const parts = new Map<string, string>()
  for (const piece of input.signature.split(',')) {
    const [key, ...rest] = piece.split('=')
    if (key && rest.length) parts.set(key.trim(), rest.join('=').trim())
  }
  const ts = parts.get('ts')
  const v1 = parts.get('v1')
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1))
    return { ok: false, reason: 'malformed' }
  const tsMs = ts.length > 11 ? Number(ts) : Number(ts) * 1000
  if (Math.abs(nowMs - tsMs) > SIGNATURE_TOLERANCE_S * 1000) return { ok: false, reason: 'stale' }
  const expected = createHmac('sha256', secret)
    .update(signatureManifest(input.dataId, input.requestId, ts))
    .digest()
  const given = Buffer.from(v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' }
}
