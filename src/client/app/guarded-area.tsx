import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageLoader } from '../components/page-loader'
import { RequireAuth } from './guard'

/** Layout of the guarded pages (/chat, /help and everything under /protected). */
export default function GuardedArea() {
  return (
    <RequireAuth>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RequireAuth>
  )
}
