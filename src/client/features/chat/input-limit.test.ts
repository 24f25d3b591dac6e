import { describe, expect, it } from 'vitest'
import { USER_INPUT_MAX_LENGTH } from '../../../shared/consultation-schemas'
import { COUNTER_FROM_REMAINING, excessLabel, inputLimit, remainingLabel } from './input-limit'

const text = (length: number) => 'a'.repeat(length)

describe('inputLimit', () => {
  it('stays quiet far from the limit', () => {
    expect(inputLimit('')).toEqual({ kind: 'quiet' })
    expect(inputLimit(text(USER_INPUT_MAX_LENGTH - COUNTER_FROM_REMAINING - 1))).toEqual({ kind: 'quiet' })
  })

  it('counts down near the limit, down to 0 at exactly the limit', () => {
    expect(inputLimit(text(USER_INPUT_MAX_LENGTH - COUNTER_FROM_REMAINING))).toEqual({
      kind: 'counting',
      remaining: COUNTER_FROM_REMAINING,
    })
    expect(inputLimit(text(USER_INPUT_MAX_LENGTH))).toEqual({ kind: 'counting', remaining: 0 })
  })

  it('says by how much a longer text goes over, instead of cutting it', () => {
    expect(inputLimit(text(USER_INPUT_MAX_LENGTH + 1))).toEqual({ kind: 'over', excess: 1 })
    expect(inputLimit(text(5000))).toEqual({ kind: 'over', excess: 5000 - USER_INPUT_MAX_LENGTH })
  })

  it('counts as the server does, in UTF-16 units (an emoji is two)', () => {
    expect(inputLimit('😀'.repeat(USER_INPUT_MAX_LENGTH / 2 + 1))).toEqual({ kind: 'over', excess: 2 })
  })
})

describe('labels', () => {
  it('uses the spec counter wording and a plain excess', () => {
    expect(remainingLabel(120)).toBe('120 caracteres restantes')
    expect(excessLabel(1000)).toBe('Sobran 1000 caracteres.')
    expect(excessLabel(1)).toBe('Sobra 1 carácter.')
  })
})
