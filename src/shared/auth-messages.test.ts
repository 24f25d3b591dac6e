import { describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  AUTH_UNKNOWN_ERROR,
  authErrorCode,
  authErrorMessage,
  authMessageCode,
  BETTER_AUTH_CODE_MAP,
} from './auth-messages'

describe('authErrorMessage', () => {
  it.each([
    ['invalid-email', 'El correo electrónico no es válido'],
    ['user-disabled', 'Esta cuenta ha sido deshabilitada'],
    ['user-not-found', 'No existe una cuenta con este correo electrónico'],
    ['wrong-password', 'La contraseña es incorrecta'],
    ['email-already-in-use', 'Este correo electrónico ya está registrado'],
    ['weak-password', 'La contraseña debe tener al menos 6 caracteres'],
    ['requires-recent-login', 'Por favor, vuelve a iniciar sesión para realizar esta acción'],
    ['invalid-action-code', 'El código de verificación ha expirado o es inválido'],
  ])('gives the spec message for %s', (code, message) => {
    expect(authErrorMessage(code)).toBe(message)
    expect(authErrorMessage(`auth/${code}`)).toBe(message)
    expect(authErrorMessage({ code })).toBe(message)
  })

  it.each([
    ['INVALID_EMAIL', 'invalid-email'],
    ['PASSWORD_TOO_SHORT', 'weak-password'],
    ['INVALID_TOKEN', 'invalid-action-code'],
    ['TOKEN_EXPIRED', 'invalid-action-code'],
    ['USER_ALREADY_EXISTS', 'email-already-in-use'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'email-already-in-use'],
    ['USER_NOT_FOUND', 'user-not-found'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['SESSION_EXPIRED', 'requires-recent-login'],
    ['BANNED_USER', 'user-disabled'],
    ['INVALID_EMAIL_OR_PASSWORD', 'invalid-credentials'],
  ] as const)('maps better-auth %s to %s', (authCode, code) => {
    expect(authMessageCode(authCode)).toBe(code)
    expect(authErrorMessage(authCode)).toBe(AUTH_MESSAGES[code])
    // better-auth's own error body: English message, code at the top level.
    expect(authErrorMessage({ code: authCode, message: 'English text', status: 400 })).toBe(
      AUTH_MESSAGES[code],
    )
  })

  it('prefers the Spanish message of our server error body', () => {
    const body = {
      code: 'UNAUTHORIZED',
      message: 'Correo electrónico o contraseña incorrectos',
      details: { authCode: 'INVALID_EMAIL_OR_PASSWORD' },
      status: 401,
    }
    expect(authErrorMessage(body)).toBe('Correo electrónico o contraseña incorrectos')
    expect(authErrorCode(body)).toBe('INVALID_EMAIL_OR_PASSWORD')
  })

  it('keeps the server message for a code the catalogue does not know', () => {
    const body = { code: 'VALIDATION_ERROR', message: 'Demasiados intentos. Espera un momento.', status: 429 }
    expect(authErrorMessage(body)).toBe('Demasiados intentos. Espera un momento.')
  })

  it('falls back to the error’s own message, then to the unknown-error text', () => {
    expect(authErrorMessage(new Error('Se cayó la red'))).toBe('Se cayó la red')
    expect(authErrorMessage({ message: '' })).toBe(AUTH_UNKNOWN_ERROR)
    expect(authErrorMessage(null)).toBe('Ha ocurrido un error desconocido')
    expect(authErrorMessage(undefined)).toBe(AUTH_UNKNOWN_ERROR)
    expect(authErrorMessage('SOMETHING_ELSE')).toBe(AUTH_UNKNOWN_ERROR)
    expect(authErrorMessage(42)).toBe(AUTH_UNKNOWN_ERROR)
  })

  it('says "too many attempts" for an unshaped 429', () => {
    expect(authErrorMessage({ status: 429 })).toBe(AUTH_MESSAGES['too-many-requests'])
  })

  it('maps every better-auth code to a catalogue entry', () => {
    for (const code of Object.values(BETTER_AUTH_CODE_MAP)) expect(AUTH_MESSAGES[code]).toBeTruthy()
  })

  it('does not treat prototype keys as codes', () => {
    expect(authMessageCode('toString')).toBeUndefined()
    expect(authErrorMessage('constructor')).toBe(AUTH_UNKNOWN_ERROR)
  })
})
