import { create } from 'zustand'
import { AUTH_INIT_ERROR } from '../../../shared/auth-messages'
import type { AuthSessionPayload } from '../../../shared/auth-schemas'
import { resetAllStores } from '../../lib/store-reset'
import {
  type AuthSession,
  type AuthUser,
  announceFirstLogin,
  toAuthSession,
  toAuthUser,
  userChanged,
} from './session'

/** The auth state of spec §4. */
export type AuthState = {
  user: AuthUser | null
  session: AuthSession | null
  /** True until the first session check ends. */
  isLoading: boolean
  error: string | null
  /** True once the initial session check has ended, successfully or not. */
  isSessionReady: boolean
  /** True while the current session is the user's first login; for screens mounted after the event fired. */
  isFirstLogin: boolean
}

const initialState: AuthState = {
  user: null,
  session: null,
  isLoading: true,
  error: null,
  isSessionReady: false,
  isFirstLogin: false,
}

export const useAuthStore = create<AuthState>()(() => initialState)

/** The last signed-in user of this browser, so a reload by the same user keeps the persisted stores. */
const LAST_USER_KEY = 'lexia-last-user-id'

function rememberedUser(): string | null {
  try {
    return localStorage.getItem(LAST_USER_KEY)
  } catch {
    return null
  }
}

function rememberUser(id: string | null): void {
  try {
    if (id) localStorage.setItem(LAST_USER_KEY, id)
    else localStorage.removeItem(LAST_USER_KEY)
  } catch {
    // Storage unavailable: the stores are then reset on every load, which is safe.
  }
}

let seenUserId: string | null | undefined
const announced = new Set<string>()

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Applies the result of a session check: resets the stores if the user changed, then replaces user and session. */
export function applySession(payload: AuthSessionPayload | null): void {
  const nextId = payload?.user.id ?? null
  if (userChanged(seenUserId, rememberedUser(), nextId)) resetAllStores()
  seenUserId = nextId
  rememberUser(nextId)

  const current = useAuthStore.getState()
  const user = payload ? toAuthUser(payload) : null
  const session = payload && user ? toAuthSession(payload, user) : null
  useAuthStore.setState({
    user: sameJson(user, current.user) ? current.user : user,
    session: sameJson(session, current.session) ? current.session : session,
    isLoading: false,
    isSessionReady: true,
    error: null,
    isFirstLogin: payload?.session.firstLogin === true,
  })
  if (payload) announceFirstLogin(payload, localStorage, window, announced)
}

/** The first session check failed (network or server down): no user, and the spec's initialisation error. */
export function failSessionInit(): void {
  const { isSessionReady } = useAuthStore.getState()
  if (isSessionReady) return
  useAuthStore.setState({ isLoading: false, isSessionReady: true, error: AUTH_INIT_ERROR })
}

/** Forgets the signed-in user everywhere before the sign-out reload. */
export function clearAuth(): void {
  resetAllStores()
  rememberUser(null)
  seenUserId = null
  useAuthStore.setState({ ...initialState, isLoading: false, isSessionReady: true })
}
