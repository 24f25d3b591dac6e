import { logger } from './logger'

export const EMOJI_INVALID_FORMAT = 'Formato Unicode inválido'
export const EMOJI_INVALID_CODE = 'Código Unicode inválido'

export type EmojiLog = (message: string, metadata?: Record<string, unknown>) => void

const MAX_CODE_POINT = 0x10ffff
const TOKEN_RE = /^U\+([0-9A-F]{4,5})$/i

// Resolved at call time so a test spy or a reconfigured logger is honoured.
const defaultLog: EmojiLog = (message, metadata) => logger.warn(message, metadata)

/**
 * Turns `'U+1F1F5 U+1F1EA'` into the emoji it spells. Bad data from the catalogue must not break
 * the page, so invalid input is logged and renders as nothing.
 */
export function codePointsToEmoji(input: string | null | undefined, log: EmojiLog = defaultLog): string {
  if (typeof input !== 'string' || input.trim() === '') return ''

  const codePoints: number[] = []
  for (const token of input.trim().split(/\s+/)) {
    const match = TOKEN_RE.exec(token)
    if (!match) {
      log(EMOJI_INVALID_FORMAT, { input })
      return ''
    }
    const codePoint = Number.parseInt(match[1]!, 16)
    // Five hex digits can't pass 0x10FFFF today, but the bound is what String.fromCodePoint enforces;
    // lone surrogates would produce a string that is not valid UTF-16 text.
    if (codePoint > MAX_CODE_POINT || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
      log(EMOJI_INVALID_CODE, { input })
      return ''
    }
    codePoints.push(codePoint)
  }
  return String.fromCodePoint(...codePoints)
}
