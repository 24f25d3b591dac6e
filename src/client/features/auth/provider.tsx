import { createContext, type ReactNode, useContext, useEffect } from 'react'
import * as api from './api'
import { authClient } from './client'
import { parseSessionPayload } from './session'
import { type AuthState, applySession, failSessionInit, useAuthStore } from './store'

type AuthActions = {
  signIn: typeof api.signIn
  signUp: typeof api.signUp
  signOut: typeof api.signOut
  requestPasswordReset: typeof api.requestPasswordReset
  resetPassword: typeof api.resetPassword
  resendVerificationEmail: typeof api.resendVerificationEmail
  verifyEmail: typeof api.verifyEmail
  refreshSession: typeof api.refreshSession
}

const actions: AuthActions = {
  signIn: api.signIn,
  signUp: api.signUp,
  signOut: api.signOut,
  requestPasswordReset: api.requestPasswordReset,
  resetPassword: api.resetPassword,
  resendVerificationEmail: api.resendVerificationEmail,
  verifyEmail: api.verifyEmail,
  refreshSession: api.refreshSession,
}

const AuthContext = createContext<AuthActions | null>(null)

/**
 * Keeps the auth store in step with better-auth's session, which refetches on window focus and every 30 s.
 * Only settled checks are applied; a refetch in flight keeps the current user.
 */
function useSessionSync(): void {
  const { data, error, isPending, isRefetching } = authClient.useSession()
  useEffect(() => {
    if (isPending || isRefetching) return
    if (error && error.status !== 401) {
      console.error('Error al comprobar la sesión', error)
      failSessionInit()
      return
    }
    applySession(parseSessionPayload(data))
  }, [data, error, isPending, isRefetching])
}

export function AuthProvider({ children }: { children: ReactNode }) {
  useSessionSync()
  return <AuthContext.Provider value={actions}>{children}</AuthContext.Provider>
}

export type UseAuth = AuthState & AuthActions

export function useAuth(): UseAuth {
  const authActions = useContext(AuthContext)
  if (!authActions) throw new Error('useAuth debe usarse dentro de AuthProvider')
  const state = useAuthStore()
  return { ...state, ...authActions }
}
