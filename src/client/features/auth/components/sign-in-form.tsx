import { Button, Link } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { AFTER_SIGN_IN_PATH } from '../../../../shared/auth-schemas'
import { useAuth } from '../context'
import { VERIFICATION_RESENT } from '../messages'
import { AuthForm, EmailField, FormField, PASSWORD_LABEL } from './form-fields'
import { Notice } from './notice'

type Failure = { message: string; authCode?: string }
type Resend = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; message: string }

export function SignInForm({ notice }: { notice?: string }) {
  const { signIn, resendVerificationEmail } = useAuth()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [resend, setResend] = useState<Resend>({ state: 'idle' })

  async function submit() {
    setPending(true)
    setFailure(null)
    setResend({ state: 'idle' })
    const result = await signIn(email, password)
    setPending(false)
    if (result.ok) navigate(AFTER_SIGN_IN_PATH, { replace: true })
    else setFailure(result)
  }

  async function resendConfirmation() {
    setResend({ state: 'sending' })
    const result = await resendVerificationEmail(email)
    setResend(result.ok ? { state: 'sent' } : { state: 'failed', message: result.message })
  }

  const notVerified = failure?.authCode === 'EMAIL_NOT_VERIFIED'
  return (
    <AuthForm testId="sign-in-form" failure={failure?.message} onSubmit={submit}>
      {notice && !failure && (
        <Notice status="success" testId="auth-notice">
          {notice}
        </Notice>
      )}
      {notVerified && resend.state !== 'sent' && (
        <Button variant="outline" onClick={resendConfirmation} loading={resend.state === 'sending'}>
          Reenviar correo de confirmación
        </Button>
      )}
      {resend.state === 'sent' && <Notice status="success">{VERIFICATION_RESENT}</Notice>}
      {resend.state === 'failed' && <Notice status="error">{resend.message}</Notice>}
      <EmailField value={email} onChange={setEmail} />
      <FormField
        label={PASSWORD_LABEL}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Link asChild alignSelf="flex-end" fontSize="sm" color="cyan.fg" fontWeight="medium">
        <RouterLink to="/auth?type=forgot-password">Olvidé mi contraseña</RouterLink>
      </Link>
      <SignInSubmit pending={pending} />
    </AuthForm>
  )
}

/** The sign-in form's button, also rendered sending at build time for the form page's held submit (decision 0041). */
export function SignInSubmit({ pending }: { pending: boolean }) {
  return (
    <Button type="submit" size="lg" loading={pending} loadingText="Entrando…" data-testid="sign-in-submit">
      Entrar
    </Button>
  )
}
