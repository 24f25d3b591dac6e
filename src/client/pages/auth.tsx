import { useLayoutEffect } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { AFTER_SIGN_IN_PATH } from '../../shared/auth-schemas'
import { PageLoader } from '../components/page-loader'
import { AuthScreen } from '../features/auth/components/auth-screen'
import { AuthTabs } from '../features/auth/components/auth-tabs'
import { type AuthTab, AuthWaiting, authTabTitle } from '../features/auth/components/auth-waiting'
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form'
import { Notice } from '../features/auth/components/notice'
import { UpdatePasswordForm } from '../features/auth/components/update-password-form'
import { useAuth } from '../features/auth/provider'
import { servedSignedOut, takeOverPrerenderedForm } from '../lib/prerendered-form'

function noticeFrom(state: unknown): string | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice
  return typeof notice === 'string' ? notice : undefined
}

/**
 * /auth: sign-in and sign-up tabs (`?type=sign-up` opens the second), `?type=forgot-password` asks for the
 * reset link, `?type=update-password&token=…` sets a new password. A signed-in user goes on to the chat.
 */
export default function AuthPage() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { user, isSessionReady, error } = useAuth()
  const type = params.get('type')

  if (type === 'update-password') {
    return (
      <AuthScreen title="Crea una nueva contraseña">
        <UpdatePasswordForm token={params.get('token')} />
      </AuthScreen>
    )
  }
  if (isSessionReady && user) return <Navigate to={AFTER_SIGN_IN_PATH} replace />
  if (type === 'forgot-password') {
    return (
      <AuthScreen title="Restablece tu contraseña">
        <ForgotPasswordForm />
      </AuthScreen>
    )
  }

  const tab: AuthTab = type === 'sign-up' ? 'sign-up' : 'sign-in'
  // A page served without a session cookie is signed out (decision 0040): its forms need no session check first.
  const signedOut = isSessionReady || (servedSignedOut() && !user)
  if (!signedOut && !error) return <AuthWaiting tab={tab} />
  if (!signedOut) {
    return (
      <AuthScreen title={authTabTitle(tab)}>
        <Notice status="error">{error}</Notice>
        <PageLoader />
      </AuthScreen>
    )
  }
  return (
    <SignedOutTabs
      tab={tab}
      notice={noticeFrom(location.state)}
      error={error}
      onSelectTab={(next) => navigate(next === 'sign-up' ? '/auth?type=sign-up' : '/auth', { replace: true })}
    />
  )
}

/** The tabs, drawn over the prerendered form page when that was the page served (decision 0040). */
function SignedOutTabs(props: Parameters<typeof AuthTabs>[0]) {
  // At the commit that replaced the prerendered page, before the browser paints: what was typed, the focus and a
  // held submit or tab choice carry over into the app's form. Once per page load: later mounts find nothing.
  useLayoutEffect(() => takeOverPrerenderedForm(), [])
  return <AuthTabs {...props} />
}
