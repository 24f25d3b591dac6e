import { Tabs } from '@chakra-ui/react'
import { AuthScreen } from './auth-screen'
import { type AuthTab, authTabTitle } from './auth-waiting'
import { Notice } from './notice'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'

/**
 * /auth signed out: the sign-in and sign-up tabs in the card. The build also renders it to HTML for a visitor without
 * a session cookie (decision 0040): that page is usable before the app has loaded, and the app then draws it over.
 */
export function AuthTabs({
  tab,
  onSelectTab,
  notice,
  error,
}: {
  tab: AuthTab
  onSelectTab?: (tab: AuthTab) => void
  /** A confirmation for the sign-in form (the new password was saved). */
  notice?: string
  /** The session check failed. */
  error?: string | null
}) {
  return (
    <AuthScreen title={authTabTitle(tab)}>
      {error && <Notice status="error">{error}</Notice>}
      <Tabs.Root
        value={tab}
        onValueChange={(details) => onSelectTab?.(details.value === 'sign-up' ? 'sign-up' : 'sign-in')}
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
          <SignInForm notice={notice} />
        </Tabs.Content>
        <Tabs.Content value="sign-up" pt="6">
          <SignUpForm />
        </Tabs.Content>
      </Tabs.Root>
    </AuthScreen>
  )
}
