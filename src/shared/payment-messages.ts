/**
 * Spec §5 and §8 for purchases: what a card rejection or a Yape code tells the payer, how a payment call's answer
 * becomes an outcome, and the Yape form rules. Card wording follows Mercado Pago's suggested communication for each
 * status_detail, without the placeholders (amount, card brand) the browser does not know.
 */

/** Spec §8 card rejections, plus the three of our own and card_number that Mercado Pago also answers. */
export const CARD_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  cc_rejected_bad_filled_card_number: 'Revisa el número de tarjeta.',
  cc_rejected_bad_filled_date: 'Revisa la fecha de vencimiento.',
  cc_rejected_bad_filled_other: 'Revisa los datos.',
  cc_rejected_bad_filled_security_code: 'Revisa el código de seguridad de la tarjeta.',
  cc_rejected_blacklist: 'No pudimos procesar tu pago. Usa otra tarjeta u otro medio de pago.',
  cc_rejected_call_for_authorize:
    'Tu pago fue rechazado. Debes autorizar el pago ante tu banco: comunícate con él y vuelve a intentarlo.',
  cc_rejected_card_disabled:
    'Llama a tu banco para activar tu tarjeta o usa otro medio de pago. El teléfono está al dorso de tu tarjeta.',
  cc_rejected_card_error: 'No pudimos procesar tu pago con esta tarjeta.',
  cc_rejected_duplicated_payment:
    'Ya hiciste un pago por ese valor. Si necesitas volver a pagar, usa otra tarjeta u otro medio de pago.',
  cc_rejected_high_risk:
    'Tu pago fue rechazado por nuestras políticas de seguridad. Elige otro medio de pago.',
  cc_rejected_insufficient_amount: 'Tu tarjeta no tiene fondos suficientes.',
  cc_rejected_invalid_installments: 'Tu tarjeta no procesa pagos en el número de cuotas elegido.',
  cc_rejected_max_attempts:
    'Llegaste al límite de intentos permitidos. Elige otra tarjeta u otro medio de pago.',
  cc_rejected_other_reason: 'Tu banco no procesó el pago. Usa otra tarjeta u otro medio de pago.',
  cc_rejected_3ds_challenge:
    'Tu banco necesita una autenticación adicional para aprobar el pago. Inténtalo de nuevo o usa otra tarjeta.',
  processing_error: 'Ocurrió un error al procesar tu pago. Inténtalo de nuevo en unos minutos.',
  invalid_card: 'La tarjeta no es válida. Revisa los datos o usa otra tarjeta.',
  bad_configuration: 'Los pagos con tarjeta no están disponibles en este momento. Inténtalo más tarde.',
}

export const CARD_DEFAULT_MESSAGE = 'Hubo un error al procesar tu pago. Inténtalo de nuevo.'
export const INVALID_SERVER_RESPONSE_MESSAGE = 'Respuesta inválida del servidor'
export const INVALID_SERVER_RESPONSE_CODE = 'invalid_response'
export const MISSING_TOKEN_CODE = 'missing_token'
export const MISSING_TOKEN_MESSAGE = 'No se ha generado el token de la tarjeta'
export const CARD_FALLBACK_CODE = 'cc_rejected_other_reason'
export const INSUFFICIENT_AMOUNT_CODE = 'cc_rejected_insufficient_amount'

export function cardStatusMessage(code: string | null | undefined): string {
  return (code && CARD_STATUS_MESSAGES[code]) || CARD_DEFAULT_MESSAGE
}

/** Spec §8 mobile-wallet codes. */
export const YAPE_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  yape_insufficient_funds: 'Fondos insuficientes en tu cuenta Yape',
  yape_transaction_limit:
    'Superaste el límite de operaciones de tu cuenta Yape. Inténtalo más tarde o usa otro medio de pago.',
  yape_timeout:
    'Se agotó el tiempo para aprobar el pago en Yape. Genera un nuevo código e inténtalo de nuevo.',
  yape_invalid_qr: 'El código de Yape no es válido. Genera un nuevo código e inténtalo de nuevo.',
  yape_connection_error: 'No pudimos conectar con Yape. Revisa tu conexión e inténtalo de nuevo.',
  yape_invalid_account: 'La cuenta Yape no es válida. Revisa tu número de celular.',
  yape_unauthorized: 'Yape no autorizó el pago. Revisa el código de aprobación e inténtalo de nuevo.',
  yape_system_error: 'Yape no está disponible en este momento. Inténtalo más tarde.',
}

export const YAPE_FALLBACK_CODE = 'yape_system_error'
export const YAPE_INSUFFICIENT_MESSAGE = 'Fondos insuficientes en tu cuenta Yape'
export const YAPE_DEFAULT_MESSAGE = 'Error al procesar el pago'
export const YAPE_UNEXPECTED_MESSAGE = 'Ocurrió un error inesperado al procesar el pago'
export const YAPE_SUCCESS_MESSAGE = 'Tu pago con Yape se procesó correctamente'

/** Spec §8 payment toast presets, and §4's pending payment. */
export const PAYMENT_TOASTS = {
  success: { title: 'Pago exitoso', description: 'Tu transacción se completó correctamente' },
  error: { title: 'Error en el pago', description: 'Hubo un problema al procesar tu pago' },
  pending: {
    title: 'Pago pendiente',
    description: 'Tu pago está siendo procesado. Te notificaremos cuando se complete.',
  },
} as const

/** What a payment call ended in, for the card and the Yape flows alike. */
export type PaymentOutcome =
  | { kind: 'approved'; paymentId: string | null }
  | { kind: 'pending'; paymentId: string | null }
  | { kind: 'rejected'; code: string; message: string }

const PENDING_STATUSES = new Set(['pending', 'in_process', 'authorized'])

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null)
const nested = (value: unknown, key: string): string | null => (isObject(value) ? text(value[key]) : null)

/**
 * Spec §8 card mapping of POST /api/payment/create. HTTP 402 means insufficient funds; any other failure takes
 * statusDetail, else error.code, else cc_rejected_other_reason. A known code speaks for itself; an unknown one lets
 * the server's own Spanish message through (e.g. 'Usuario no autenticado'), else the generic message.
 */
export function interpretCardResponse(httpStatus: number, body: unknown): PaymentOutcome {
  const ok = httpStatus >= 200 && httpStatus < 300
  if (ok && !(isObject(body) && typeof body.success === 'boolean')) return invalidResponse()
  const json = isObject(body) ? body : {}
  const status = text(json.status)
  if (ok && status && PENDING_STATUSES.has(status)) {
    return { kind: 'pending', paymentId: text(json.paymentId) }
  }
  if (ok && json.success === true) return { kind: 'approved', paymentId: text(json.paymentId) }
  if (httpStatus === 402) return rejected(INSUFFICIENT_AMOUNT_CODE)
  const explicit = text(json.statusDetail) ?? nested(json.error, 'code')
  const serverMessage = nested(json.error, 'message') ?? (ok ? null : text(json.message))
  if (!explicit) {
    return rejected(CARD_FALLBACK_CODE, serverMessage ?? cardStatusMessage(CARD_FALLBACK_CODE))
  }
  return rejected(explicit, CARD_STATUS_MESSAGES[explicit] ?? serverMessage ?? CARD_DEFAULT_MESSAGE)
}

function rejected(code: string, message = cardStatusMessage(code)): PaymentOutcome {
  return { kind: 'rejected', code, message }
}

function invalidResponse(): PaymentOutcome {
  return { kind: 'rejected', code: INVALID_SERVER_RESPONSE_CODE, message: INVALID_SERVER_RESPONSE_MESSAGE }
}

/** The refusal a card submission gets before any call when the form produced no token (spec §5). */
export function missingTokenOutcome(): PaymentOutcome {
  return { kind: 'rejected', code: MISSING_TOKEN_CODE, message: MISSING_TOKEN_MESSAGE }
}

/**
 * Spec §4 and §8 Yape outcome of POST /api/payment/yape: approved, pending, or a failure whose code is
 * status_detail, else error.code, else yape_system_error. Insufficient funds (either code) reads
 * 'Fondos insuficientes en tu cuenta Yape'; a known Yape code its own message; otherwise the error description,
 * else 'Error al procesar el pago'. A body that is not a Yape answer at all is 'Respuesta inválida del servidor'
 * when the call succeeded, and the server's message when it failed.
 */
export function interpretYapeResponse(httpStatus: number, body: unknown): PaymentOutcome {
  const ok = httpStatus >= 200 && httpStatus < 300
  const json = isObject(body) ? body : {}
  const status = text(json.status)
  if (!status) {
    if (ok) return invalidResponse()
    return { kind: 'rejected', code: YAPE_FALLBACK_CODE, message: text(json.message) ?? YAPE_DEFAULT_MESSAGE }
  }
  const paymentId = text(json.id)
  if (ok && status === 'approved') return { kind: 'approved', paymentId }
  if (ok && PENDING_STATUSES.has(status)) return { kind: 'pending', paymentId }
  const explicit = text(json.status_detail) ?? nested(json.error, 'code')
  const code = explicit ?? YAPE_FALLBACK_CODE
  return { kind: 'rejected', code, message: yapeFailureMessage(explicit, nested(json.error, 'description')) }
}

export function yapeFailureMessage(code: string | null, description: string | null = null): string {
  if (code === INSUFFICIENT_AMOUNT_CODE) return YAPE_INSUFFICIENT_MESSAGE
  return (code && YAPE_STATUS_MESSAGES[code]) || description || YAPE_DEFAULT_MESSAGE
}

/** Spec §5 / §9 Yape form rules. */
export const YAPE_PHONE_LENGTH = 9
export const YAPE_OTP_LENGTH = 6
export const YAPE_PHONE_MESSAGE = 'Debes ingresar un número de 9 dígitos'
export const YAPE_OTP_MESSAGE = 'Debes ingresar exactamente 6 dígitos'

export type YapeFormErrors = { phoneNumber?: string; otp?: string }

export function validateYapeForm(input: { phoneNumber: string; otp: string }): YapeFormErrors {
  const errors: YapeFormErrors = {}
  if (!new RegExp(`^\\d{${YAPE_PHONE_LENGTH}}$`).test(input.phoneNumber))
    errors.phoneNumber = YAPE_PHONE_MESSAGE
  if (!new RegExp(`^\\d{${YAPE_OTP_LENGTH}}$`).test(input.otp)) errors.otp = YAPE_OTP_MESSAGE
  return errors
}

export const hasYapeErrors = (errors: YapeFormErrors): boolean => Boolean(errors.phoneNumber || errors.otp)
