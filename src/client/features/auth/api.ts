import {
  AUTH_UNKNOWN_ERROR,
  authErrorCode,
  authErrorMessage,
  PASSWORD_UPDATE_UNKNOWN_ERROR,
} from '../../../shared/auth-messages'
import { AUTH_CALLBACK_PATH, nameFromEmail, UPDATE_PASSWORD_PATH } from '../../../shared/auth-schemas'
import { ERROR_MESSAGES } from '../../../shared/errors'
import { pushSignUp } from '../../lib/analytics'
import { authClient } from './client'
import { parseSessionPayload } from './session'
import { applySession, clearAuth } from './store'

/** Outcome of an auth call; a failure carries the Spanish message to show and better-auth's code. */
export type AuthResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; message: string; authCode?: string; status?: number }

type FetchError = { status?: number; message?: string; code?: string } | null | undefined

function failure(error: FetchError, fallback?: string): AuthResult<never> {
  let message = authErrorMessage(error)
  if (fallback && message === AUTH_UNKNOWN_ERROR) message = fallback
  return { ok: false, message, authCode: authErrorCode(error), status: error?.status }
}

/** Runs a better-auth call; a failed request (no network, server down) becomes NETWORK_ERROR's message. */
async function call<T>(run: () => Promise<AuthResult<T>>): Promise<AuthResult<T>> {
  try {
    return await run()
  } catch (error) {
    console.error('Error de red en la autenticación', error)
    return { ok: false, message: ERROR_MESSAGES.NETWORK_ERROR }
  }
}

const done = { ok: true, data: undefined } as const

/** Reads the session now and applies it, so the guard sees the new user before the next navigation. */
export async function refreshSession(): Promise<boolean> {
  try {
    const { data, error } = await authClient.getSession()
    if (error) return false
    const payload = parseSessionPayload(data)
    applySession(payload)
    return payload !== null
  } catch {
    return false
  }
}

export function signIn(email: string, password: string): Promise<AuthResult> {
  return call(async () => {
    const { error } = await authClient.signIn.email({ email: email.trim(), password })
    if (error) return failure(error)
    await refreshSession()
    return done
  })
}

/** Signs up; `signedIn` is false when the address must be confirmed first (the usual case). */
export function signUp(email: string, password: string): Promise<AuthResult<{ signedIn: boolean }>> {
  return call(async () => {
    const address = email.trim()
    const { data, error } = await authClient.signUp.email({
      email: address,
      password,
      name: nameFromEmail(address),
      callbackURL: AUTH_CALLBACK_PATH,
    })
    if (error || !data) return failure(error)
    pushSignUp(data.user.id, data.user.email)
    const signedIn = Boolean(data.token) && (await refreshSession())
    return { ok: true, data: { signedIn } }
  })
}

export function resendVerificationEmail(email: string): Promise<AuthResult> {
  return call(async () => {
    const { error } = await authClient.sendVerificationEmail({
      email: email.trim(),
      callbackURL: AUTH_CALLBACK_PATH,
    })
    return error ? failure(error) : done
  })
}

export function requestPasswordReset(email: string): Promise<AuthResult> {
  return call(async () => {
    const { error } = await authClient.requestPasswordReset({
      email: email.trim(),
      redirectTo: UPDATE_PASSWORD_PATH,
    })
    return error ? failure(error) : done
  })
}

export function resetPassword(newPassword: string, token: string): Promise<AuthResult> {
  return call(async () => {
    const { error } = await authClient.resetPassword({ newPassword, token })
    return error ? failure(error, PASSWORD_UPDATE_UNKNOWN_ERROR) : done
  })
}

/** Confirms the address of the e-mail link; the server then sets the session cookie (auto sign-in). */
export function verifyEmail(token: string): Promise<AuthResult<{ signedIn: boolean }>> {
  return call(async () => {
    const { error } = await authClient.verifyEmail({ query: { token } })
    if (error) return failure(error)
    return { ok: true, data: { signedIn: await refreshSession() } }
  })
}

/** Signs out, resets the client stores and reloads on /auth (spec §2 and §4). */
export async function signOut(): Promise<void> {
  try {
    await authClient.signOut()
  } catch (error) {
    console.error('Error al cerrar sesión', error)
  } finally {
    clearAuth()
    window.location.assign('/auth')
  }
}
