import { Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { AUTH_MESSAGES } from '../../shared/auth-messages'
import { AFTER_SIGN_IN_PATH } from '../../shared/auth-schemas'
import type { AuthResult } from '../features/auth/api'
import { AuthScreen } from '../features/auth/components/auth-screen'
import { Notice } from '../features/auth/components/notice'
import { EMAIL_CONFIRMED } from '../features/auth/messages'
import { useAuth } from '../features/auth/provider'

type Verification = Promise<AuthResult<{ signedIn: boolean }>>

/** A token is spent on first use: one request per token, even when React runs the effect twice. */
const verifications = new Map<string, Verification>()

/** /auth/callback?token=…: target of the confirmation e-mail; confirms, signs in and opens the chat. */
export default function AuthCallbackPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const { verifyEmail } = useAuth()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(token ? null : AUTH_MESSAGES['invalid-action-code'])

  useEffect(() => {
    if (!token) return
    let active = true
    let verification = verifications.get(token)
    if (!verification) {
      verification = verifyEmail(token)
      verifications.set(token, verification)
    }
    void verification.then((result) => {
      if (!active) return
      if (!result.ok) setFailure(result.message)
      else if (result.data.signedIn) navigate(AFTER_SIGN_IN_PATH, { replace: true })
      else navigate('/auth', { replace: true, state: { notice: EMAIL_CONFIRMED } })
    })
    return () => {
      active = false
    }
  }, [token, verifyEmail, navigate])

  if (failure) {
    return (
      <AuthScreen title="No pudimos confirmar tu correo">
        <Notice status="error" testId="auth-error">
          {failure}
        </Notice>
        <Link asChild color="cyan.fg" fontWeight="medium">
          <RouterLink to="/auth">Volver a iniciar sesión</RouterLink>
        </Link>
      </AuthScreen>
    )
  }
  return (
    <AuthScreen title="Confirmando tu correo…">
      <Stack direction="row" gap="3" align="center" role="status">
        <Spinner color="cyan.fg" />
        <Text color="fg.muted">Confirmando tu correo…</Text>
      </Stack>
    </AuthScreen>
  )
}
