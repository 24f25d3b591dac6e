import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, RESET_REQUESTED } from '../../shared/auth-messages'
import { ERROR_MESSAGES } from '../../shared/errors'
import { CARD_STATUS_MESSAGES, YAPE_STATUS_MESSAGES } from '../../shared/payment-messages'
import { englishIn } from './english'

describe('englishIn', () => {
  it.each([
    'If this email exists in our system, check your email for the reset link',
    'Too big: expected string to have <=100 characters',
    'Invalid input: expected number, received string',
    'Internal Server Error: something failed',
    'User not found',
    'Payment required for this request',
  ])('spots English: %s', (text) => {
    expect(englishIn(text)).not.toBeNull()
  })

  it('passes the app’s Spanish messages, and machine codes', () => {
    const spanish = [
      ...Object.values(ERROR_MESSAGES),
      ...Object.values(AUTH_MESSAGES),
      ...Object.values(CARD_STATUS_MESSAGES),
      ...Object.values(YAPE_STATUS_MESSAGES),
      RESET_REQUESTED,
      'Payload de feedback inválido',
      'El cuerpo de la solicitud debe enviarse como JSON (Content-Type: application/json)',
      'Debe tener como máximo 100 caracteres',
    ]
    for (const text of spanish) expect([text, englishIn(text)]).toEqual([text, null])
    expect(englishIn('cc_rejected_other_reason')).toBeNull()
    expect(englishIn('INVALID_EMAIL')).toBeNull()
  })
})
