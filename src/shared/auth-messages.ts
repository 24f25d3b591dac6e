import { ERROR_CODES } from './errors'
import { PASSWORD_TOO_SHORT } from './password-rule'

/** Spanish messages of spec §8 ("Authentication messages"), keyed by the spec's codes. */
export const AUTH_MESSAGES = {
  'invalid-email': 'El correo electrónico no es válido',
  'user-disabled': 'Esta cuenta ha sido deshabilitada',
  'user-not-found': 'No existe una cuenta con este correo electrónico',
  'wrong-password': 'La contraseña es incorrecta',
  'email-already-in-use': 'Este correo electrónico ya está registrado',
  'weak-password': PASSWORD_TOO_SHORT,
  'requires-recent-login': 'Por favor, vuelve a iniciar sesión para realizar esta acción',
  'invalid-action-code': 'El código de verificación ha expirado o es inválido',
  // Ours, beyond the spec: sign-in never tells which of the two was wrong (DESIGN §4).
  'invalid-credentials': 'Correo electrónico o contraseña incorrectos',
  'email-not-verified':
    'Confirma tu correo electrónico antes de iniciar sesión. Revisa tu bandeja de entrada.',
  'password-too-long': 'La contraseña es demasiado larga',
  'too-many-requests': 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
} as const

export type AuthMessageCode = keyof typeof AUTH_MESSAGES

export const AUTH_UNKNOWN_ERROR = 'Ha ocurrido un error desconocido'
export const AUTH_INIT_ERROR = 'Error al inicializar la autenticación'
// Spec §8 quotes this one in English; the product speaks Spanish (issue 14, item 10).
export const PASSWORD_UPDATE_UNKNOWN_ERROR = 'Error desconocido al actualizar la contraseña'

/** The answer to a reset request, shown by the form and sent by the server: it never says whether the account exists. */
export const RESET_REQUESTED =
  'Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña.'

/** better-auth's error codes (`@better-auth/core` BASE_ERROR_CODES) → the spec's codes. */
export const BETTER_AUTH_CODE_MAP: Readonly<Record<string, AuthMessageCode>> = {
  INVALID_EMAIL: 'invalid-email',
  BANNED_USER: 'user-disabled',
  USER_NOT_FOUND: 'user-not-found',
  USER_EMAIL_NOT_FOUND: 'user-not-found',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'user-not-found',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credentials',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'password-too-long',
  SESSION_EXPIRED: 'requires-recent-login',
  SESSION_NOT_FRESH: 'requires-recent-login',
  INVALID_TOKEN: 'invalid-action-code',
  TOKEN_EXPIRED: 'invalid-action-code',
  EMAIL_NOT_VERIFIED: 'email-not-verified',
  TOO_MANY_REQUESTS: 'too-many-requests',
}

/** The spec's code for a spec code ('weak-password', 'auth/weak-password') or a better-auth code. */
export function authMessageCode(code: string): AuthMessageCode | undefined {
  const bare = code.startsWith('auth/') ? code.slice('auth/'.length) : code
  if (Object.hasOwn(AUTH_MESSAGES, bare)) return bare as AuthMessageCode
  return Object.hasOwn(BETTER_AUTH_CODE_MAP, code) ? BETTER_AUTH_CODE_MAP[code] : undefined
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** The better-auth code an error carries: ours keeps it in `details.authCode`, better-auth's own in `code`. */
export function authErrorCode(error: unknown): string | undefined {
  return nonEmpty(field(field(error, 'details'), 'authCode')) ?? nonEmpty(field(error, 'code'))
}

/** True for our API error body `{ code, message, details }`, whose message is already the Spanish text. */
function isServiceErrorBody(error: unknown): boolean {
  const code = field(error, 'code')
  return (
    typeof code === 'string' &&
    (ERROR_CODES as readonly string[]).includes(code) &&
    nonEmpty(field(error, 'message')) !== undefined
  )
}

/**
 * Spanish message for an auth failure. Accepts a code (spec or better-auth), our API error body, a better-auth
 * client error (`{ code, message, status }`) or an Error. Order: our server's message; the catalogue entry of
 * the code; 429 → too many requests; the error's own message; the unknown-error fallback.
 */
export function authErrorMessage(codeOrError: unknown): string {
  if (typeof codeOrError === 'string') {
    const code = authMessageCode(codeOrError)
    return code ? AUTH_MESSAGES[code] : AUTH_UNKNOWN_ERROR
  }
  if (isServiceErrorBody(codeOrError)) return field(codeOrError, 'message') as string
  const raw = authErrorCode(codeOrError)
  const code = raw ? authMessageCode(raw) : undefined
  if (code) return AUTH_MESSAGES[code]
  if (field(codeOrError, 'status') === 429) return AUTH_MESSAGES['too-many-requests']
  return nonEmpty(field(codeOrError, 'message')) ?? AUTH_UNKNOWN_ERROR
}
