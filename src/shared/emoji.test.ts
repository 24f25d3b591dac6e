import { afterEach, describe, expect, it, vi } from 'vitest'
import { codePointsToEmoji, EMOJI_INVALID_FORMAT } from './emoji'
import { logger } from './logger'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('codePointsToEmoji', () => {
  it('converts a single code point', () => {
    const log = vi.fn()
    expect(codePointsToEmoji('U+1F600', log)).toBe('😀')
    expect(codePointsToEmoji('U+2696', log)).toBe('⚖')
    expect(log).not.toHaveBeenCalled()
  })

  it('joins several code points with no separator', () => {
    const log = vi.fn()
    expect(codePointsToEmoji('U+1F1F5 U+1F1EA', log)).toBe('🇵🇪')
    expect(codePointsToEmoji('U+2696 U+FE0F', log)).toBe('\u2696\uFE0F')
    expect(log).not.toHaveBeenCalled()
  })

  it('accepts lower-case prefixes and hex digits', () => {
    expect(codePointsToEmoji('u+1f600', vi.fn())).toBe('😀')
    expect(codePointsToEmoji('U+1f1f5 u+1F1EA', vi.fn())).toBe('🇵🇪')
  })

  it('tolerates extra and mixed whitespace', () => {
    expect(codePointsToEmoji('  U+1F1F5 \t\n  U+1F1EA  ', vi.fn())).toBe('🇵🇪')
  })

  it('returns an empty string for blank input without logging', () => {
    const log = vi.fn()
    for (const input of ['', '   ', '\t\n', null, undefined]) expect(codePointsToEmoji(input, log)).toBe('')
    expect(log).not.toHaveBeenCalled()
  })

  it.each([
    'U+12',
    'U+123',
    'U+1F6000',
    'U+10FFFF',
    '1F600',
    'U1F600',
    'U+1F60G',
    'U+ 1F600',
    'U+1F600,U+1F601',
    '😀',
  ])('logs a format error for %j', (input) => {
    const log = vi.fn()
    expect(codePointsToEmoji(input, log)).toBe('')
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith('Formato Unicode inválido', { input })
  })

  it('rejects the whole input when any token is malformed', () => {
    const log = vi.fn()
    expect(codePointsToEmoji('U+1F600 nope U+1F601', log)).toBe('')
    expect(log).toHaveBeenCalledExactlyOnceWith(EMOJI_INVALID_FORMAT, { input: 'U+1F600 nope U+1F601' })
  })

  it.each(['U+D800', 'U+DFFF', 'U+dc00', 'U+1F600 U+D83D'])('logs a code error for surrogate %j', (input) => {
    const log = vi.fn()
    expect(codePointsToEmoji(input, log)).toBe('')
    expect(log).toHaveBeenCalledExactlyOnceWith('Código Unicode inválido', { input })
  })

  it('accepts the code points around the surrogate range and the top of 5 digits', () => {
    const log = vi.fn()
    expect(codePointsToEmoji('U+D7FF U+E000 U+FFFFF', log)).toBe('\uD7FF\uE000\u{FFFFF}')
    expect(log).not.toHaveBeenCalled()
  })

  it('logs through the shared logger at WARN by default', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    expect(codePointsToEmoji('U+XYZ')).toBe('')
    expect(warn).toHaveBeenCalledExactlyOnceWith('Formato Unicode inválido', { input: 'U+XYZ' })
    expect(codePointsToEmoji('U+1F600')).toBe('😀')
    expect(codePointsToEmoji('  ')).toBe('')
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
