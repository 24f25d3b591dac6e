import { createContext, useContext } from 'react'
import type * as api from './api'
import { type AuthState, useAuthStore } from './store'

/** What the auth forms can do; `AuthProvider` (provider.tsx) gives better-auth's calls. */
export type AuthActions = {
  signIn: typeof api.signIn
  signUp: typeof api.signUp
  signOut: typeof api.signOut
  requestPasswordReset: typeof api.requestPasswordReset
  resetPassword: typeof api.resetPassword
  resendVerificationEmail: typeof api.resendVerificationEmail
  verifyEmail: typeof api.verifyEmail
  refreshSession: typeof api.refreshSession
}

/**
 * Apart from the provider, so the forms can be rendered at build time (decision 0040) without better-auth's client,
 * which reads the page's origin when it is loaded.
 */
export const AuthContext = createContext<AuthActions | null>(null)

export type UseAuth = AuthState & AuthActions

export function useAuth(): UseAuth {
  const authActions = useContext(AuthContext)
  if (!authActions) throw new Error('useAuth debe usarse dentro de AuthProvider')
  const state = useAuthStore()
  return { ...state, ...authActions }
}
