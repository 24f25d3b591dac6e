import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageLoader } from '../components/page-loader'
import { ChatWaiting } from '../pages/chat-waiting'
import { RequireAuth } from './guard'
import { isChatPath } from './paths'

/**
 * Layout of the guarded pages (/chat, /help and everything under /protected). The chat page shows its loading
 * state while the session and its code load: the build drew it as the page's first paint (decision 0036), and a
 * spinner or a blank page in between would flash over it.
 */
export default function GuardedArea() {
  const { pathname } = useLocation()
  const waiting = isChatPath(pathname) ? <ChatWaiting /> : null
  return (
    <RequireAuth pending={waiting}>
      <Suspense fallback={waiting ?? <PageLoader />}>
        <Outlet />
      </Suspense>
    </RequireAuth>
  )
}
