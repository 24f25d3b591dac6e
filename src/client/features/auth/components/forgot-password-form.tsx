import { Button, Link, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAuth } from '../context'
import { RESET_REQUESTED } from '../messages'
import { AuthForm, EmailField } from './form-fields'
import { Notice } from './notice'

export function BackToSignIn() {
  return (
    <Link asChild alignSelf="center" fontSize="sm" color="cyan.fg" fontWeight="medium">
      <RouterLink to="/auth">Volver a iniciar sesión</RouterLink>
    </Link>
  )
}

/** Asks for the e-mail and sends the reset link; the answer never tells whether the account exists. */
export function ForgotPasswordForm() {
  const { requestPasswordReset } = useAuth()
  const [email, setEmail] = useState('')
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [sent, setSent] = useState(false)

  async function submit() {
    setPending(true)
    setFailure(null)
    const result = await requestPasswordReset(email)
    setPending(false)
    if (result.ok) setSent(true)
    else setFailure(result.message)
  }

  if (sent) {
    return (
      <Stack gap="4">
        <Notice status="success" testId="auth-notice">
          {RESET_REQUESTED}
        </Notice>
        <BackToSignIn />
      </Stack>
    )
  }

  return (
    <AuthForm testId="forgot-password-form" failure={failure} onSubmit={submit}>
      <EmailField
        value={email}
        onChange={setEmail}
        helperText="Te enviaremos un enlace para crear una nueva contraseña."
        autoFocus
      />
      <Button type="submit" size="lg" loading={pending} loadingText="Enviando…">
        Enviar enlace
      </Button>
      <BackToSignIn />
    </AuthForm>
  )
}
