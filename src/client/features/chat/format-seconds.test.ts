import { describe, expect, it } from 'vitest'
import { formatSeconds } from './format-seconds'

describe('formatSeconds', () => {
  it('shows seconds in tenths', () => {
    expect(formatSeconds(0)).toBe('0.0 s')
    expect(formatSeconds(2349)).toBe('2.3 s')
    expect(formatSeconds(10_000)).toBe('10.0 s')
    expect(formatSeconds(-5)).toBe('0.0 s')
  })
})
