import { Tabs } from '@chakra-ui/react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { AFTER_SIGN_IN_PATH } from '../../shared/auth-schemas'
import { PageLoader } from '../components/page-loader'
import { AuthScreen } from '../features/auth/components/auth-screen'
import { type AuthTab, AuthWaiting, authTabTitle } from '../features/auth/components/auth-waiting'
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form'
import { Notice } from '../features/auth/components/notice'
import { SignInForm } from '../features/auth/components/sign-in-form'
import { SignUpForm } from '../features/auth/components/sign-up-form'
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
  const selectTab = (next: string) =>
    navigate(next === 'sign-up' ? '/auth?type=sign-up' : '/auth', { replace: true })
  return (
    <AuthScreen title={authTabTitle(tab)}>
      {error && <Notice status="error">{error}</Notice>}
      {isSessionReady ? (
        <Tabs.Root
          value={tab}
          onValueChange={(details) => selectTab(details.value)}
          variant="enclosed"
          fitted
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            <Tabs.Trigger value="sign-in">Iniciar sesión</Tabs.Trigger>
            <Tabs.Trigger value="sign-up">Crear cuenta</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="sign-in" pt="6">
            <SignInForm notice={noticeFrom(location.state)} />
          </Tabs.Content>
          <Tabs.Content value="sign-up" pt="6">
            <SignUpForm />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <PageLoader />
      )}
    </AuthScreen>
  )
}
