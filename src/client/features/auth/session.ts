import { type AuthSessionPayload, authSessionSchema } from '../../../shared/auth-schemas'
import { FIRST_LOGIN_EVENT } from '../../lib/first-login-event'

/** The user of spec §3. */
export type AuthUser = {
  id: string
  email: string
  name: string | null
  email_verified: boolean
  /** Null on the very first login. */
  last_sign_in_at: string | null
}

/** The session of spec §3, built from better-auth's: its token is the access token; there is no refresh token. */
export type AuthSession = {
  access_token: string
  refresh_token: null
  /** Seconds since the epoch. */
  expires_at: number
  user: AuthUser
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value)
}

/** Reads `GET /api/auth/get-session`'s answer; null when signed out or when the answer has another shape. */
export function parseSessionPayload(data: unknown): AuthSessionPayload | null {
  if (data === null || data === undefined) return null
  const parsed = authSessionSchema.safeParse(data)
  if (!parsed.success) {
    console.error('Sesión con un formato inesperado', parsed.error.issues)
    return null
  }
  return parsed.data
}

export function toAuthUser(payload: AuthSessionPayload): AuthUser {
  const { user } = payload
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? null,
    email_verified: user.emailVerified ?? false,
    last_sign_in_at: user.lastSignInAt ? toDate(user.lastSignInAt).toISOString() : null,
  }
}

export function toAuthSession(payload: AuthSessionPayload, user = toAuthUser(payload)): AuthSession {
  return {
    access_token: payload.session.token,
    refresh_token: null,
    expires_at: Math.floor(toDate(payload.session.expiresAt).getTime() / 1000),
    user,
  }
}

/**
 * Whether the shared stores must be reset for the user now signed in (`next`, null when signed out).
 * `previous` is the user this tab last saw (undefined before the first session check); before that check the
 * comparison is with the last user remembered in the browser, so a reload by the same user keeps its stores.
 */
export function userChanged(
  previous: string | null | undefined,
  remembered: string | null,
  next: string | null,
): boolean {
  return (previous === undefined ? remembered : previous) !== next
}

const FIRST_LOGIN_PREFIX = 'lexia-first-login-'

/**
 * Fires the browser event 'first-login' when the server marks the session as the user's first login (spec §4),
 * once per account: the server marks only the account's first session, and this browser remembers (in durable
 * storage, keyed by user id) that it has announced it, so new tabs and browser restarts of that long-lived session
 * do not open the help again. Returns whether it fired.
 */
export function announceFirstLogin(
  payload: AuthSessionPayload,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  target: EventTarget,
  announced: Set<string>,
): boolean {
  if (payload.session.firstLogin !== true) return false
  const key = FIRST_LOGIN_PREFIX + payload.session.userId
  if (announced.has(key)) return false
  announced.add(key)
  try {
    if (storage.getItem(key) !== null) return false
    storage.setItem(key, '1')
  } catch {
    // Storage unavailable (private mode): the in-memory set still limits it to once per page load.
  }
  target.dispatchEvent(new Event(FIRST_LOGIN_EVENT))
  return true
}
