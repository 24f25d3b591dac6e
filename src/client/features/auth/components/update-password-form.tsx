import { Button, Link, Stack } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { AUTH_MESSAGES } from '../../../../shared/auth-messages'
import { newPasswordProblem } from '../../../../shared/auth-schemas'
import { PASSWORD_UPDATED } from '../messages'
import { useAuth } from '../provider'
import { FormField } from './form-fields'
import { Notice } from './notice'

/** Target of the reset e-mail link (`/auth?type=update-password&token=…`). */
export function UpdatePasswordForm({ token }: { token: string | null }) {
  const { resetPassword } = useAuth()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(token ? null : AUTH_MESSAGES['invalid-action-code'])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!token) return
    setFailure(null)
    const problem = newPasswordProblem(password)
    setPasswordError(problem)
    if (problem) return
    setPending(true)
    const result = await resetPassword(password, token)
    setPending(false)
    // The token is spent: back to a clean /auth, where the sign-in form shows the confirmation.
    if (result.ok) navigate('/auth', { replace: true, state: { notice: PASSWORD_UPDATED } })
    else setFailure(result.message)
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate data-testid="update-password-form">
        {failure && (
          <Notice status="error" testId="auth-error">
            {failure}
          </Notice>
        )}
        {failure && (
          <Link asChild fontSize="sm" color="cyan.fg" fontWeight="medium">
            <RouterLink to="/auth?type=forgot-password">Pedir un nuevo enlace</RouterLink>
          </Link>
        )}
        <FormField
          label="Nueva contraseña"
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
          autoFocus
        />
        <Button type="submit" size="lg" loading={pending} loadingText="Guardando…" disabled={!token}>
          Guardar contraseña
        </Button>
      </form>
    </Stack>
  )
}
