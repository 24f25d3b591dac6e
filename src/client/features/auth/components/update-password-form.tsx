import { Button, Link } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { AUTH_MESSAGES } from '../../../../shared/auth-messages'
import { useAuth } from '../context'
import { PASSWORD_UPDATED } from '../messages'
import { AuthForm, NewPasswordField, useNewPassword } from './form-fields'

/** Target of the reset e-mail link (`/auth?type=update-password&token=…`). */
export function UpdatePasswordForm({ token }: { token: string | null }) {
  const { resetPassword } = useAuth()
  const navigate = useNavigate()
  const newPassword = useNewPassword()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(token ? null : AUTH_MESSAGES['invalid-action-code'])

  async function submit() {
    if (!token) return
    setFailure(null)
    if (!newPassword.validate()) return
    setPending(true)
    const result = await resetPassword(newPassword.password, token)
    setPending(false)
    // The token is spent: back to a clean /auth, where the sign-in form shows the confirmation.
    if (result.ok) navigate('/auth', { replace: true, state: { notice: PASSWORD_UPDATED } })
    else setFailure(result.message)
  }

  return (
    <AuthForm testId="update-password-form" failure={failure} onSubmit={submit}>
      {failure && (
        <Link asChild fontSize="sm" color="cyan.fg" fontWeight="medium">
          <RouterLink to="/auth?type=forgot-password">Pedir un nuevo enlace</RouterLink>
        </Link>
      )}
      <NewPasswordField label="Nueva contraseña" {...newPassword.field} autoFocus />
      <Button type="submit" size="lg" loading={pending} loadingText="Guardando…" disabled={!token}>
        Guardar contraseña
      </Button>
    </AuthForm>
  )
}
