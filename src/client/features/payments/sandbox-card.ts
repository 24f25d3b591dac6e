import type { z } from 'zod'
import { sandboxCardTokenRequestSchema } from '../../../shared/payment-schemas'

/** What the sandbox card form holds, as typed. */
export type SandboxCardFields = {
  cardNumber: string
  cardholderName: string
  expirationMonth: string
  expirationYear: string
  securityCode: string
  identificationType: 'DNI' | 'CE'
  identificationNumber: string
}

export const emptySandboxCard = (): SandboxCardFields => ({
  cardNumber: '',
  cardholderName: '',
  expirationMonth: '',
  expirationYear: '',
  securityCode: '',
  identificationType: 'DNI',
  identificationNumber: '',
})

export type SandboxCardRequest = z.infer<typeof sandboxCardTokenRequestSchema>
export type SandboxCardErrors = Partial<Record<keyof SandboxCardFields, string>>

/** Mercado Pago's test outcomes, decided by the cardholder name (shown as the sandbox hint). */
export const SANDBOX_CARDHOLDER_OUTCOMES: readonly [string, string][] = [
  ['APRO', 'aprobado'],
  ['CONT', 'pendiente'],
  ['FUND', 'fondos insuficientes'],
  ['OTHE', 'rechazado por error general'],
  ['CALL', 'autorizar con el banco'],
  ['SECU', 'código de seguridad inválido'],
  ['EXPI', 'fecha de vencimiento'],
  ['FORM', 'error en los datos'],
]

/** Mercado Pago's Peruvian Visa test card. */
export const SANDBOX_TEST_CARD = { number: '4009 1753 3280 6176', securityCode: '123', expiry: '11/30' }

/** Group the digits by four as the user types, 19 digits at most. */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

export const digitsOnly = (text: string, max: number): string => text.replace(/\D/g, '').slice(0, max)

/** 'AA' or 'AAAA' → 'AAAA' (a two-digit year is this century's). */
export function fullYear(text: string): string {
  const year = text.trim()
  return /^\d{2}$/.test(year) ? `20${year}` : year
}

/** The tokenizer request from the form, or the Spanish error of each field that does not pass. */
export function toSandboxCardRequest(
  fields: SandboxCardFields,
): { ok: true; request: SandboxCardRequest } | { ok: false; errors: SandboxCardErrors } {
  const month = fields.expirationMonth.trim()
  const candidate = {
    cardNumber: fields.cardNumber.replace(/\D/g, ''),
    cardholderName: fields.cardholderName.trim(),
    expirationMonth: /^\d$/.test(month) ? `0${month}` : month,
    expirationYear: fullYear(fields.expirationYear),
    securityCode: fields.securityCode.trim(),
    identificationType: fields.identificationType,
    identificationNumber: fields.identificationNumber.trim(),
  }
  const parsed = sandboxCardTokenRequestSchema.safeParse(candidate)
  if (parsed.success) return { ok: true, request: parsed.data }
  const errors: SandboxCardErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SandboxCardFields
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}
