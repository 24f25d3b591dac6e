import { describe, expect, it } from 'vitest'
import { readDeviceId } from './device-id'

const doc = (value: unknown) => ({ getElementById: (id: string) => (id === 'deviceId' ? { value } : null) })

describe('readDeviceId (spec §7 device-session id)', () => {
  it('prefers the hidden #deviceId input', () => {
    expect(readDeviceId({ document: doc(' abc '), window: { MP_DEVICE_SESSION_ID: 'global' } })).toBe('abc')
  })

  it('falls back to the global set by the security script', () => {
    expect(readDeviceId({ document: doc(''), window: { MP_DEVICE_SESSION_ID: 'global' } })).toBe('global')
    expect(
      readDeviceId({ document: { getElementById: () => null }, window: { MP_DEVICE_SESSION_ID: 'g' } }),
    ).toBe('g')
  })

  it('is null when neither holds one', () => {
    expect(readDeviceId({ document: doc(''), window: {} })).toBeNull()
    expect(readDeviceId({ document: doc(42), window: { MP_DEVICE_SESSION_ID: 7 } })).toBeNull()
  })
})
