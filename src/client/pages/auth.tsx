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
  if (!isSessionReady && !error) return <AuthWaiting tab={tab} />
  if (!isSessionReady) {
    return (
      <AuthScreen title={authTabTitle(tab)}>
        <Notice status="error">{error}</Notice>
        <PageLoader />
      </AuthScreen>
    )
  }
  return (
    <AuthTabs
      tab={tab}
      notice={noticeFrom(location.state)}
      error={error}
      onSelectTab={(next) => navigate(next === 'sign-up' ? '/auth?type=sign-up' : '/auth', { replace: true })}
    />
  )
}
