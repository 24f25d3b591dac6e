import { type ReactNode, useEffect } from 'react'
import * as api from './api'
import { authClient } from './client'
import { type AuthActions, AuthContext } from './context'
import { parseSessionPayload } from './session'
import { applySession, failSessionInit } from './store'

export { type UseAuth, useAuth } from './context'

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
