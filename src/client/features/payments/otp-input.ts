import { YAPE_OTP_LENGTH, YAPE_PHONE_LENGTH } from '../../../shared/payment-messages'

/**
 * What a paste into the OTP boxes becomes: its digits only, at most six, so '123 456' or '123-456' from an SMS
 * or the Yape app fills every box instead of being refused.
 */
export function sanitizeOtpPaste(text: string): string {
  return text.replace(/\D/g, '').slice(0, YAPE_OTP_LENGTH)
}

/**
 * A paste that holds a whole code fills every box from the first, whichever box has the focus (spec §5); a shorter
 * paste (null here) is left to the pin input, which fills from the focused box.
 */
export function otpBoxesFromPaste(text: string): string[] | null {
  const digits = sanitizeOtpPaste(text)
  return digits.length === YAPE_OTP_LENGTH ? digits.split('') : null
}

/** The six boxes' values as the code the SDK wants. */
export function otpFromBoxes(boxes: readonly string[]): string {
  return boxes.map((box) => box.replace(/\D/g, '')).join('')
}

/** Peru's country code, which a pasted '+51 987 654 321' carries in front of the nine digits. */
const PERU_PREFIX = '51'

/** The phone field keeps digits only, nine at most, whatever is typed or pasted. */
export function sanitizePhone(text: string): string {
  const digits = text.replace(/\D/g, '')
  const local =
    digits.length === YAPE_PHONE_LENGTH + PERU_PREFIX.length && digits.startsWith(PERU_PREFIX)
      ? digits.slice(PERU_PREFIX.length)
      : digits
  return local.slice(0, YAPE_PHONE_LENGTH)
}
