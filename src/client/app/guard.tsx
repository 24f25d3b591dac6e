import { type ReactNode, useDeferredValue } from 'react'
import { Navigate } from 'react-router'
import { useAuth } from '../features/auth/provider'

/**
 * Spec §2 and §4: `pending` (nothing, unless the page has a loading state) while the session loads; then anyone
 * without a user goes to /auth.
 */
export function RequireAuth({ children, pending = null }: { children: ReactNode; pending?: ReactNode }) {
  const { user, isLoading, isSessionReady } = useAuth()
  // The session's answer arrives through a store (useSyncExternalStore), whose updates React renders in one
  // synchronous task; for the chat page, the first render of the whole page, a few hundred milliseconds on a phone
  // (decision 0036). Deferred, that render is a transition React slices, and `pending` stays until it is done.
  const checked = useDeferredValue(!isLoading && isSessionReady)
  if (!checked) return pending
  if (!user) return <Navigate to="/auth" replace />
  return children
}
