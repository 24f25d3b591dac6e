import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useAuth } from '../features/auth/provider'

/**
 * Spec §2 and §4: `pending` (nothing, unless the page has a loading state) while the session loads; then anyone
 * without a user goes to /auth.
 */
export function RequireAuth({ children, pending = null }: { children: ReactNode; pending?: ReactNode }) {
  const { user, isLoading, isSessionReady } = useAuth()
  if (isLoading || !isSessionReady) return pending
  if (!user) return <Navigate to="/auth" replace />
  return children
}
