/**
 * Mercado Pago's documented test outcomes, reproduced offline. Cards: the cardholder's name decides; Yape: the
 * phone number (with OTP 123456). One phone of ours stays pending until `npm run payments:settle` approves it.
 */
export type Outcome = { status: 'approved' | 'in_process' | 'rejected'; statusDetail: string }

const approved: Outcome = { status: 'approved', statusDetail: 'accredited' }
const rejected = (statusDetail: string): Outcome => ({ status: 'rejected', statusDetail })

export const CARDHOLDER_OUTCOMES: Readonly<Record<string, Outcome>> = {
  APRO: approved,
  CONT: { status: 'in_process', statusDetail: 'pending_contingency' },
  OTHE: rejected('cc_rejected_other_reason'),
  CALL: rejected('cc_rejected_call_for_authorize'),
  FUND: rejected('cc_rejected_insufficient_amount'),
  SECU: rejected('cc_rejected_bad_filled_security_code'),
  EXPI: rejected('cc_rejected_bad_filled_date'),
  FORM: rejected('cc_rejected_bad_filled_other'),
  DUPL: rejected('cc_rejected_duplicated_payment'),
  LOCK: rejected('cc_rejected_card_disabled'),
  BLAC: rejected('cc_rejected_blacklist'),
  INST: rejected('cc_rejected_invalid_installments'),
}

/** A name that is not one of the test names pays like APRO, so a demo with any name works. */
export function cardOutcome(cardholderName: string): Outcome {
  const first = cardholderName.trim().split(/\s+/)[0]?.toUpperCase() ?? ''
  return CARDHOLDER_OUTCOMES[first] ?? approved
}

export const YAPE_TEST_OTP = '123456'
/** Ours, not Mercado Pago's: a Yape payment that waits, to try the pending flow and the webhook. */
export const YAPE_PENDING_PHONE = '111111119'

export const YAPE_PHONE_OUTCOMES: Readonly<Record<string, Outcome>> = {
  '111111111': approved,
  '111111112': rejected('cc_rejected_call_for_authorize'),
  '111111113': rejected('cc_rejected_insufficient_amount'),
  '111111114': rejected('cc_rejected_other_reason'),
  '111111115': rejected('cc_rejected_card_type_not_allowed'),
  '111111116': rejected('cc_rejected_max_attempts'),
  '111111117': rejected('cc_rejected_bad_filled_security_code'),
  '111111118': rejected('cc_rejected_form_error'),
  [YAPE_PENDING_PHONE]: { status: 'in_process', statusDetail: 'pending_waiting_transfer' },
}

/** A test phone with the test OTP; anything else is refused like an account Yape does not recognise. */
export function yapeOutcome(phoneNumber: string, otp: string): Outcome {
  const outcome = YAPE_PHONE_OUTCOMES[phoneNumber]
  if (!outcome) return rejected('yape_invalid_account')
  if (otp !== YAPE_TEST_OTP) return rejected('yape_unauthorized')
  return outcome
}

/** The card brand Mercado Pago would read from the number's first digits. */
export function cardBrand(cardNumber: string): string {
  if (/^4/.test(cardNumber)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'master'
  if (/^3[47]/.test(cardNumber)) return 'amex'
  if (/^3(0[0-5]|[68])/.test(cardNumber)) return 'diners'
  return 'visa'
}

/** Luhn check: the sandbox refuses a mistyped number like the real tokenizer. */
export function luhnValid(cardNumber: string): boolean {
  let sum = 0
  for (let i = 0; i < cardNumber.length; i++) {
    let d = Number(cardNumber[cardNumber.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return cardNumber.length >= 13 && sum % 10 === 0
}
