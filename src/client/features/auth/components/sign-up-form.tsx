import { Button, Link, Stack } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { AFTER_SIGN_IN_PATH, newPasswordProblem } from '../../../../shared/auth-schemas'
import { usePublicConfig } from '../../../lib/runtime-config'
import { DEV_MAILBOX_PATH, SIGN_UP_SENT } from '../messages'
import { useAuth } from '../provider'
import { EMAIL_LABEL, FormField, PASSWORD_LABEL } from './form-fields'
import { Notice } from './notice'

export function SignUpForm() {
  const { signUp } = useAuth()
  const config = usePublicConfig()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const problem = newPasswordProblem(password)
    setPasswordError(problem)
    if (problem) return
    setPending(true)
    const result = await signUp(email, password)
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
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate data-testid="sign-up-form">
        {failure && (
          <Notice status="error" testId="auth-error">
            {failure}
          </Notice>
        )}
        <FormField
          label={EMAIL_LABEL}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <FormField
          label={PASSWORD_LABEL}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value)
            if (passwordError && !newPasswordProblem(value)) setPasswordError(null)
          }}
          error={passwordError}
          helperText="Al menos 6 caracteres."
        />
        <Button
          type="submit"
          size="lg"
          loading={pending}
          loadingText="Creando tu cuenta…"
          data-testid="sign-up-submit"
        >
          Crear cuenta
        </Button>
      </form>
    </Stack>
  )
}
