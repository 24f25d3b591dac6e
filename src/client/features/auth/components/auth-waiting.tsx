import { PRODUCT_NAME } from '../../../../shared/brand'
import { PageLoader } from '../../../components/page-loader'
import { AuthScreen } from './auth-screen'

/** The two tabs of /auth (`?type=sign-up` opens the second). */
export type AuthTab = 'sign-in' | 'sign-up'

export function authTabTitle(tab: AuthTab): string {
  return tab === 'sign-up' ? `Crea tu cuenta en ${PRODUCT_NAME}` : `Accede a ${PRODUCT_NAME}`
}

/**
 * /auth until the session check answers: the tab's title over a spinner. The build also renders it to HTML
 * (decision 0032), so this card is the page's first paint, and the app's first render draws the same card over it.
 */
export function AuthWaiting({ tab }: { tab: AuthTab }) {
  return (
    <AuthScreen title={authTabTitle(tab)}>
      <PageLoader />
    </AuthScreen>
  )
}
