import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageLoader } from '../components/page-loader'
import { AuthProvider } from '../features/auth/provider'
// Listens for the first-login event before the session check can fire it (the help opens on the chat page).
import '../features/help/help-store'
import { queryClient } from './query-client'

/** Layout of every page that needs the session: /auth, /auth/callback and the guarded pages. */
export default function AuthArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  )
}
