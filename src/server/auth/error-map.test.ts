import { describe, expect, it } from 'vitest'
import { INVALID_CREDENTIALS, mapAuthError, TOO_MANY_ATTEMPTS, toAppAuthResponse } from './error-map'

describe('mapAuthError', () => {
  it('gives one message for every credential failure', () => {
    for (const code of ['INVALID_EMAIL_OR_PASSWORD', 'INVALID_PASSWORD', 'USER_NOT_FOUND']) {
      expect(mapAuthError(401, { code, message: 'x' })).toEqual({
        code: 'UNAUTHORIZED',
        message: INVALID_CREDENTIALS,
        details: { authCode: code },
      })
    }
  })

  it('maps the spec §8 cases to Spanish', () => {
    expect(mapAuthError(400, { code: 'PASSWORD_TOO_SHORT' }).message).toBe(
      'La contraseña debe tener al menos 6 caracteres',
    )
    expect(mapAuthError(400, { code: 'INVALID_EMAIL' }).message).toBe('El correo electrónico no es válido')
    expect(mapAuthError(400, { code: 'INVALID_TOKEN' }).message).toBe(
      'El código de verificación ha expirado o es inválido',
    )
    expect(mapAuthError(422, { code: 'USER_ALREADY_EXISTS' }).message).toBe(
      'Este correo electrónico ya está registrado',
    )
  })

  it('falls back by status, never passing the library text through', () => {
    expect(mapAuthError(500, { message: 'relation "user" does not exist' })).toEqual({
      code: 'UNEXPECTED_ERROR',
      message: 'Ocurrió un error inesperado en el servidor',
    })
    expect(mapAuthError(404, null).code).toBe('NOT_FOUND')
    expect(mapAuthError(400, { code: 'SOMETHING_NEW' })).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Ha ocurrido un error desconocido',
      details: { authCode: 'SOMETHING_NEW' },
    })
  })

  it('re-wraps a 429 with retry-after', async () => {
    const res = await toAppAuthResponse(
      new Response(JSON.stringify({ message: 'Too many requests' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'x-retry-after': '42' },
      }),
    )
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('42')
    expect(await res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: TOO_MANY_ATTEMPTS,
      details: { retryAfterSeconds: 42 },
    })
  })

  it('leaves successful responses untouched', async () => {
    const ok = new Response('{"ok":true}', { status: 200 })
    expect(await toAppAuthResponse(ok)).toBe(ok)
  })
})
