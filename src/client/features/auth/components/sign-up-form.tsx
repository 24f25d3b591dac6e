import { Button, Link, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { AFTER_SIGN_IN_PATH } from '../../../../shared/auth-schemas'
import { usePublicConfig } from '../../../lib/runtime-config'
import { useAuth } from '../context'
import { DEV_MAILBOX_PATH, SIGN_UP_SENT } from '../messages'
import { AuthForm, EmailField, NewPasswordField, PASSWORD_LABEL, useNewPassword } from './form-fields'
import { Notice } from './notice'

export function SignUpForm() {
  const { signUp } = useAuth()
  const config = usePublicConfig()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const newPassword = useNewPassword()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function submit() {
    setFailure(null)
    if (!newPassword.validate()) return
    setPending(true)
    const result = await signUp(email, newPassword.password)
    setPending(false)
    if (!result.ok) setFailure(result.message)
    else if (result.data.signedIn) navigate(AFTER_SIGN_IN_PATH, { replace: true })
    else setSentTo(email.trim())
  }

  if (sentTo) {
    return (
      <Stack gap="4" data-testid="sign-up-sent">
        <Notice status="success" testId="auth-notice">
          {SIGN_UP_SENT(sentTo)}
        </Notice>
        {config?.embeddedMailbox && (
          <Link href={DEV_MAILBOX_PATH} target="_blank" rel="noopener" color="cyan.fg" fontWeight="medium">
            Abrir el buzón local de correos (modo de desarrollo)
          </Link>
        )}
      </Stack>
    )
  }

  return (
    <AuthForm testId="sign-up-form" failure={failure} onSubmit={submit}>
      <EmailField value={email} onChange={setEmail} />
      <NewPasswordField label={PASSWORD_LABEL} {...newPassword.field} />
      <SignUpSubmit pending={pending} />
    </AuthForm>
  )
}

/** The sign-up form's button, also rendered sending at build time for the form page's held submit (decision 0041). */
export function SignUpSubmit({ pending }: { pending: boolean }) {
  return (
    <Button
      type="submit"
      size="lg"
      loading={pending}
      loadingText="Creando tu cuenta…"
      data-testid="sign-up-submit"
    >
      Crear cuenta
    </Button>
  )
}
