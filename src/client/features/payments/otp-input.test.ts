import { describe, expect, it } from 'vitest'
import { otpBoxesFromPaste, otpFromBoxes, sanitizeOtpPaste, sanitizePhone } from './otp-input'

describe('OTP paste (spec §5: digits only, pasting fills all boxes)', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['123-456', '123456'],
    ['Tu código es 654321.', '654321'],
    ['12345678', '123456'],
    ['abc', ''],
  ])('%j → %j', (pasted, expected) => {
    expect(sanitizeOtpPaste(pasted)).toBe(expected)
  })

  it('fills all six boxes from a pasted whole code', () => {
    expect(otpBoxesFromPaste('654 321')).toEqual(['6', '5', '4', '3', '2', '1'])
    expect(otpBoxesFromPaste('Código: 123456')).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('leaves a partial paste to the pin input', () => {
    expect(otpBoxesFromPaste('123')).toBeNull()
    expect(otpBoxesFromPaste('')).toBeNull()
  })

  it('joins the boxes into the code, ignoring anything but digits', () => {
    expect(otpFromBoxes(['1', '2', '3', '4', '5', '6'])).toBe('123456')
    expect(otpFromBoxes(['1', '', '3', '', '', ''])).toBe('13')
    expect(otpFromBoxes(['1', 'a', '3', ' ', '5', '6'])).toBe('1356')
  })
})

describe('Yape phone field', () => {
  it.each([
    ['987654321', '987654321'],
    ['987 654 321', '987654321'],
    ['+51 987 654 321', '987654321'],
    ['98765432109', '987654321'],
    ['9a8b7', '987'],
  ])('%j → %j', (typed, expected) => {
    expect(sanitizePhone(typed)).toBe(expected)
  })
})
