import { describe, expect, it } from 'vitest'
import {
  CARD_DEFAULT_MESSAGE,
  CARD_STATUS_MESSAGES,
  cardStatusMessage,
  hasYapeErrors,
  INVALID_SERVER_RESPONSE_MESSAGE,
  interpretCardResponse,
  interpretYapeResponse,
  MISSING_TOKEN_MESSAGE,
  missingTokenOutcome,
  PAYMENT_TOASTS,
  validateYapeForm,
  YAPE_STATUS_MESSAGES,
  yapeFailureMessage,
} from './payment-messages'

/** Spec §8 card rejections, each with the Mercado Pago (or our own) Spanish message it must show. */
const CARD_CASES: [string, string][] = [
  ['cc_rejected_bad_filled_date', 'Revisa la fecha de vencimiento.'],
  ['cc_rejected_bad_filled_other', 'Revisa los datos.'],
  ['cc_rejected_bad_filled_security_code', 'Revisa el código de seguridad de la tarjeta.'],
  ['cc_rejected_blacklist', 'No pudimos procesar tu pago. Usa otra tarjeta u otro medio de pago.'],
  [
    'cc_rejected_call_for_authorize',
    'Tu pago fue rechazado. Debes autorizar el pago ante tu banco: comunícate con él y vuelve a intentarlo.',
  ],
  [
    'cc_rejected_card_disabled',
    'Llama a tu banco para activar tu tarjeta o usa otro medio de pago. El teléfono está al dorso de tu tarjeta.',
  ],
  ['cc_rejected_card_error', 'No pudimos procesar tu pago con esta tarjeta.'],
  [
    'cc_rejected_duplicated_payment',
    'Ya hiciste un pago por ese valor. Si necesitas volver a pagar, usa otra tarjeta u otro medio de pago.',
  ],
  [
    'cc_rejected_high_risk',
    'Tu pago fue rechazado por nuestras políticas de seguridad. Elige otro medio de pago.',
  ],
  ['cc_rejected_insufficient_amount', 'Tu tarjeta no tiene fondos suficientes.'],
  ['cc_rejected_invalid_installments', 'Tu tarjeta no procesa pagos en el número de cuotas elegido.'],
  [
    'cc_rejected_max_attempts',
    'Llegaste al límite de intentos permitidos. Elige otra tarjeta u otro medio de pago.',
  ],
  ['cc_rejected_other_reason', 'Tu banco no procesó el pago. Usa otra tarjeta u otro medio de pago.'],
  [
    'cc_rejected_3ds_challenge',
    'Tu banco necesita una autenticación adicional para aprobar el pago. Inténtalo de nuevo o usa otra tarjeta.',
  ],
  ['processing_error', 'Ocurrió un error al procesar tu pago. Inténtalo de nuevo en unos minutos.'],
  ['invalid_card', 'La tarjeta no es válida. Revisa los datos o usa otra tarjeta.'],
  ['bad_configuration', 'Los pagos con tarjeta no están disponibles en este momento. Inténtalo más tarde.'],
]

const YAPE_CASES: [string, string][] = [
  ['yape_insufficient_funds', 'Fondos insuficientes en tu cuenta Yape'],
  [
    'yape_transaction_limit',
    'Superaste el límite de operaciones de tu cuenta Yape. Inténtalo más tarde o usa otro medio de pago.',
  ],
  [
    'yape_timeout',
    'Se agotó el tiempo para aprobar el pago en Yape. Genera un nuevo código e inténtalo de nuevo.',
  ],
  ['yape_invalid_qr', 'El código de Yape no es válido. Genera un nuevo código e inténtalo de nuevo.'],
  ['yape_connection_error', 'No pudimos conectar con Yape. Revisa tu conexión e inténtalo de nuevo.'],
  ['yape_invalid_account', 'La cuenta Yape no es válida. Revisa tu número de celular.'],
  ['yape_unauthorized', 'Yape no autorizó el pago. Revisa el código de aprobación e inténtalo de nuevo.'],
  ['yape_system_error', 'Yape no está disponible en este momento. Inténtalo más tarde.'],
]

describe('card status_detail messages (spec §8)', () => {
  it.each(CARD_CASES)('%s → its Spanish message', (code, message) => {
    expect(cardStatusMessage(code)).toBe(message)
  })

  it('gives every code its own wording', () => {
    const messages = CARD_CASES.map(([, message]) => message)
    expect(new Set(messages).size).toBe(messages.length)
  })

  it('covers every §8 code and no code without a test', () => {
    const tested = new Set(CARD_CASES.map(([code]) => code))
    const extra = Object.keys(CARD_STATUS_MESSAGES).filter((code) => !tested.has(code))
    expect(extra).toEqual(['cc_rejected_bad_filled_card_number'])
  })

  it('falls back to the generic error al procesar tu pago message', () => {
    expect(cardStatusMessage('something_new')).toBe(CARD_DEFAULT_MESSAGE)
    expect(cardStatusMessage(null)).toBe(CARD_DEFAULT_MESSAGE)
    expect(CARD_DEFAULT_MESSAGE.toLowerCase()).toContain('error al procesar tu pago')
  })
})

describe('card response mapping (spec §8)', () => {
  it('approves a successful answer and keeps the payment id', () => {
    const body = { success: true, paymentId: '123', status: 'approved', statusDetail: 'accredited' }
    expect(interpretCardResponse(200, body)).toEqual({ kind: 'approved', paymentId: '123' })
  })

  it('treats an in-process answer (CONT) as pending', () => {
    const body = { success: false, paymentId: '9', status: 'in_process', statusDetail: 'pending_contingency' }
    expect(interpretCardResponse(200, body)).toEqual({ kind: 'pending', paymentId: '9' })
  })

  it('maps HTTP 402 to insufficient funds whatever the body says', () => {
    const outcome = interpretCardResponse(402, { success: false, statusDetail: 'cc_rejected_other_reason' })
    expect(outcome).toEqual({
      kind: 'rejected',
      code: 'cc_rejected_insufficient_amount',
      message: 'Tu tarjeta no tiene fondos suficientes.',
    })
  })

  it('uses statusDetail first', () => {
    const body = {
      success: false,
      paymentId: '5',
      status: 'rejected',
      statusDetail: 'cc_rejected_bad_filled_date',
      error: { code: 'PAYMENT_ERROR', message: 'x' },
    }
    expect(interpretCardResponse(200, body)).toMatchObject({
      code: 'cc_rejected_bad_filled_date',
      message: 'Revisa la fecha de vencimiento.',
    })
  })

  it('uses error.code when there is no statusDetail', () => {
    const body = {
      success: false,
      paymentId: null,
      status: null,
      statusDetail: null,
      error: { code: 'invalid_card', message: 'x' },
    }
    expect(interpretCardResponse(400, body)).toMatchObject({
      code: 'invalid_card',
      message: CARD_STATUS_MESSAGES.invalid_card,
    })
  })

  it('falls back to cc_rejected_other_reason', () => {
    expect(interpretCardResponse(500, null)).toEqual({
      kind: 'rejected',
      code: 'cc_rejected_other_reason',
      message: CARD_STATUS_MESSAGES.cc_rejected_other_reason,
    })
  })

  it("lets the server's message through for a code it has no message for", () => {
    expect(interpretCardResponse(401, { code: 'UNAUTHORIZED', message: 'Usuario no autenticado' })).toEqual({
      kind: 'rejected',
      code: 'cc_rejected_other_reason',
      message: 'Usuario no autenticado',
    })
    const body = {
      success: false,
      paymentId: null,
      status: null,
      statusDetail: 'brand_new',
      error: { code: 'x', message: 'Mensaje del servidor' },
    }
    expect(interpretCardResponse(200, body)).toMatchObject({
      code: 'brand_new',
      message: 'Mensaje del servidor',
    })
  })

  it("answers 'Respuesta inválida del servidor' to a success that is not a card response", () => {
    for (const body of [null, 'ok', [], { paymentId: '1' }]) {
      expect(interpretCardResponse(200, body)).toMatchObject({
        kind: 'rejected',
        message: INVALID_SERVER_RESPONSE_MESSAGE,
      })
    }
  })

  it('refuses a submission without token with missing_token', () => {
    expect(missingTokenOutcome()).toEqual({
      kind: 'rejected',
      code: 'missing_token',
      message: MISSING_TOKEN_MESSAGE,
    })
    expect(MISSING_TOKEN_MESSAGE).toBe('No se ha generado el token de la tarjeta')
  })
})

describe('Yape codes (spec §8)', () => {
  it.each(YAPE_CASES)('%s → its Spanish message', (code, message) => {
    expect(yapeFailureMessage(code)).toBe(message)
    expect(YAPE_STATUS_MESSAGES[code]).toBe(message)
  })

  it('has exactly the eight codes of the spec', () => {
    expect(Object.keys(YAPE_STATUS_MESSAGES).sort()).toEqual(YAPE_CASES.map(([code]) => code).sort())
  })

  it('reads cc_rejected_insufficient_amount as Yape insufficient funds', () => {
    expect(yapeFailureMessage('cc_rejected_insufficient_amount', 'otra cosa')).toBe(
      'Fondos insuficientes en tu cuenta Yape',
    )
  })

  it('otherwise shows the error description, or Error al procesar el pago', () => {
    expect(yapeFailureMessage('cc_rejected_other_reason', 'Descripción del proveedor')).toBe(
      'Descripción del proveedor',
    )
    expect(yapeFailureMessage(null)).toBe('Error al procesar el pago')
  })
})

describe('Yape response mapping (spec §4)', () => {
  it('approves, with the payment id', () => {
    expect(interpretYapeResponse(200, { id: '77', status: 'approved', status_detail: 'accredited' })).toEqual(
      {
        kind: 'approved',
        paymentId: '77',
      },
    )
  })

  it('keeps pending and in_process apart from failures', () => {
    expect(interpretYapeResponse(200, { id: '78', status: 'pending', status_detail: null })).toEqual({
      kind: 'pending',
      paymentId: '78',
    })
    expect(interpretYapeResponse(200, { id: '79', status: 'in_process', status_detail: null }).kind).toBe(
      'pending',
    )
  })

  it('takes status_detail, else error.code, else yape_system_error as the code', () => {
    const detail = interpretYapeResponse(200, {
      id: '1',
      status: 'rejected',
      status_detail: 'yape_timeout',
      error: { code: 'yape_unauthorized', description: 'd' },
    })
    expect(detail).toMatchObject({ code: 'yape_timeout', message: YAPE_STATUS_MESSAGES.yape_timeout })
    const errorCode = interpretYapeResponse(402, {
      id: null,
      status: 'rejected',
      status_detail: null,
      error: { code: 'yape_unauthorized', description: 'd' },
    })
    expect(errorCode).toMatchObject({
      code: 'yape_unauthorized',
      message: YAPE_STATUS_MESSAGES.yape_unauthorized,
    })
    const none = interpretYapeResponse(200, { id: null, status: 'rejected', status_detail: null })
    expect(none).toEqual({
      kind: 'rejected',
      code: 'yape_system_error',
      message: 'Error al procesar el pago',
    })
  })

  it('maps insufficient funds and passes an unknown code’s description through', () => {
    expect(
      interpretYapeResponse(200, {
        id: '2',
        status: 'rejected',
        status_detail: 'cc_rejected_insufficient_amount',
      }),
    ).toMatchObject({ message: 'Fondos insuficientes en tu cuenta Yape' })
    expect(
      interpretYapeResponse(200, {
        id: '3',
        status: 'rejected',
        status_detail: 'cc_rejected_other_reason',
        error: { code: 'x', description: 'Pago rechazado por Yape' },
      }),
    ).toMatchObject({ code: 'cc_rejected_other_reason', message: 'Pago rechazado por Yape' })
  })

  it('never approves a failed HTTP call, and reads an error body', () => {
    expect(interpretYapeResponse(500, { id: '4', status: 'approved', status_detail: null }).kind).toBe(
      'rejected',
    )
    expect(interpretYapeResponse(401, { code: 'UNAUTHORIZED', message: 'Usuario no autenticado' })).toEqual({
      kind: 'rejected',
      code: 'yape_system_error',
      message: 'Usuario no autenticado',
    })
    expect(interpretYapeResponse(200, { foo: 1 })).toMatchObject({ message: INVALID_SERVER_RESPONSE_MESSAGE })
  })
})

describe('Yape validation (spec §5)', () => {
  it('accepts 9 digits and 6 digits', () => {
    const errors = validateYapeForm({ phoneNumber: '111111111', otp: '123456' })
    expect(errors).toEqual({})
    expect(hasYapeErrors(errors)).toBe(false)
  })

  it.each(['', '11111111', '1111111111', '11111111a', '111 11111'])('refuses the phone %j', (phoneNumber) => {
    expect(validateYapeForm({ phoneNumber, otp: '123456' })).toEqual({
      phoneNumber: 'Debes ingresar un número de 9 dígitos',
    })
  })

  it.each(['', '12345', '1234567', '12345a', '12 456'])('refuses the OTP %j', (otp) => {
    const errors = validateYapeForm({ phoneNumber: '111111111', otp })
    expect(errors).toEqual({ otp: 'Debes ingresar exactamente 6 dígitos' })
    expect(hasYapeErrors(errors)).toBe(true)
  })

  it('reports both at once', () => {
    expect(validateYapeForm({ phoneNumber: '1', otp: '1' })).toEqual({
      phoneNumber: 'Debes ingresar un número de 9 dígitos',
      otp: 'Debes ingresar exactamente 6 dígitos',
    })
  })
})

describe('payment toasts (spec §8)', () => {
  it('keeps the preset wording', () => {
    expect(PAYMENT_TOASTS.success).toEqual({
      title: 'Pago exitoso',
      description: 'Tu transacción se completó correctamente',
    })
    expect(PAYMENT_TOASTS.error).toEqual({
      title: 'Error en el pago',
      description: 'Hubo un problema al procesar tu pago',
    })
    expect(PAYMENT_TOASTS.pending).toEqual({
      title: 'Pago pendiente',
      description: 'Tu pago está siendo procesado. Te notificaremos cuando se complete.',
    })
  })
})
