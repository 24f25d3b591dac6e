import { USER_MESSAGES } from '../../shared/admin/users'
import { RESET_REQUESTED } from '../../shared/auth-messages'
import { INVALID_EMAIL, PASSWORD_TOO_LONG } from '../../shared/auth-payloads'
import { type ErrorBody, type ErrorCode, errorBody } from '../../shared/errors'
import { PASSWORD_TOO_SHORT } from '../../shared/password-rule'

export const INVALID_CREDENTIALS = 'Correo electrónico o contraseña incorrectos'
export const EMAIL_NOT_VERIFIED =
  'Debes confirmar tu correo electrónico antes de iniciar sesión. Revisa tu bandeja de entrada o pide un nuevo correo de confirmación.'
export const ACCOUNT_DISABLED = USER_MESSAGES.disabled
export const TOO_MANY_ATTEMPTS = 'Demasiados intentos. Espera un momento e inténtalo de nuevo.'
export const INVALID_CODE = 'El código de verificación ha expirado o es inválido'

/** better-auth's error codes → our code and the Spanish text of spec §8. */
const BY_AUTH_CODE: Record<string, [ErrorCode, string]> = {
  // One message whether or not the account exists: sign-in must not reveal registered addresses.
  INVALID_EMAIL_OR_PASSWORD: ['UNAUTHORIZED', INVALID_CREDENTIALS],
  INVALID_PASSWORD: ['UNAUTHORIZED', INVALID_CREDENTIALS],
  USER_NOT_FOUND: ['UNAUTHORIZED', INVALID_CREDENTIALS],
  CREDENTIAL_ACCOUNT_NOT_FOUND: ['UNAUTHORIZED', INVALID_CREDENTIALS],
  EMAIL_NOT_VERIFIED: ['UNAUTHORIZED', EMAIL_NOT_VERIFIED],
  // Only after the right password: the refusal tells the account's owner, no one else, that it exists.
  ACCOUNT_DISABLED: ['UNAUTHORIZED', ACCOUNT_DISABLED],
  PASSWORD_TOO_SHORT: ['VALIDATION_ERROR', PASSWORD_TOO_SHORT],
  PASSWORD_TOO_LONG: ['VALIDATION_ERROR', PASSWORD_TOO_LONG],
  INVALID_EMAIL: ['VALIDATION_ERROR', INVALID_EMAIL],
  USER_ALREADY_EXISTS: ['VALIDATION_ERROR', 'Este correo electrónico ya está registrado'],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ['VALIDATION_ERROR', 'Este correo electrónico ya está registrado'],
  INVALID_TOKEN: ['VALIDATION_ERROR', INVALID_CODE],
  TOKEN_EXPIRED: ['VALIDATION_ERROR', INVALID_CODE],
  EMAIL_ALREADY_VERIFIED: ['VALIDATION_ERROR', 'Tu correo electrónico ya está confirmado. Inicia sesión.'],
  SESSION_EXPIRED: ['UNAUTHORIZED', 'Por favor, vuelve a iniciar sesión para realizar esta acción'],
  VALIDATION_ERROR: ['VALIDATION_ERROR', 'El cuerpo de la solicitud no es válido'],
  INVALID_ORIGIN: ['UNAUTHORIZED', 'Origen no permitido'],
  MISSING_OR_NULL_ORIGIN: ['UNAUTHORIZED', 'Origen no permitido'],
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: ['UNAUTHORIZED', 'Origen no permitido'],
}

function byStatus(status: number): [ErrorCode, string] {
  if (status === 401 || status === 403) return ['UNAUTHORIZED', 'Usuario no autenticado']
  if (status === 404) return ['NOT_FOUND', 'Recurso no encontrado']
  if (status === 429) return ['VALIDATION_ERROR', TOO_MANY_ATTEMPTS]
  if (status >= 500) return ['UNEXPECTED_ERROR', 'Ocurrió un error inesperado en el servidor']
  return ['VALIDATION_ERROR', 'Ha ocurrido un error desconocido']
}

/** Turns any better-auth error body into ours; the library's English text never reaches a user. */
export function mapAuthError(status: number, body: unknown): ErrorBody {
  const authCode =
    body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined
  const known = authCode ? BY_AUTH_CODE[authCode] : undefined
  const [code, message] = status === 429 || !known ? byStatus(status) : known
  return errorBody(code, message, authCode ? { authCode } : undefined)
}

/** The English `message` of better-auth's success bodies → ours. */
const SUCCESS_MESSAGES: Record<string, string> = {
  'If this email exists in our system, check your email for the reset link': RESET_REQUESTED,
  'Verification email sent': 'Te enviamos un correo de confirmación.',
  'User deleted': 'Tu cuenta fue eliminada.',
}

/** A success body keeps its fields; only a `message` the library wrote in English is replaced. */
async function withSpanishMessage(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('json')) return response
  const text = await response.clone().text()
  if (!text.includes('"message"')) return response
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return response
  }
  if (!body || typeof body !== 'object' || !('message' in body) || typeof body.message !== 'string')
    return response
  const spanish = SUCCESS_MESSAGES[body.message]
  if (!spanish) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify({ ...body, message: spanish }), { status: response.status, headers })
}

/**
 * Re-wraps a failed auth response with our error shape, keeping its status and headers (cookies, retry-after);
 * a successful one keeps its body, with any English message in Spanish.
 */
export async function toAppAuthResponse(response: Response): Promise<Response> {
  if (response.status < 400) return withSpanishMessage(response)
  let body: unknown = null
  if (response.headers.get('content-type')?.includes('json')) body = await response.json().catch(() => null)
  const headers = new Headers(response.headers)
  headers.set('content-type', 'application/json; charset=utf-8')
  headers.delete('content-length')
  const mapped = mapAuthError(response.status, body)
  const retryAfter = headers.get('x-retry-after')
  if (response.status === 429 && retryAfter) {
    headers.set('retry-after', retryAfter)
    mapped.details = { ...(mapped.details as object | undefined), retryAfterSeconds: Number(retryAfter) }
  }
  return new Response(JSON.stringify(mapped), { status: response.status, headers })
}
