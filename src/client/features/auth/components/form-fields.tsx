import { Field, Input, Stack } from '@chakra-ui/react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { NEW_PASSWORD_FIELD, newPasswordProblem, PASSWORD_MIN_LENGTH } from '../../../../shared/password-rule'
import { Notice } from './notice'

export const EMAIL_LABEL = 'Correo electrónico'
export const PASSWORD_LABEL = 'Contraseña'

type FormFieldProps = {
  label: string
  type: 'email' | 'password'
  name: string
  autoComplete: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  helperText?: string
  autoFocus?: boolean
}

/** A labelled input of the auth forms; Chakra's Field ties the <label>, the input and its messages together. */
export function FormField({ label, error, helperText, onChange, ...input }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        {...input}
        inputMode={input.type === 'email' ? 'email' : undefined}
        onChange={(event) => onChange(event.target.value)}
        size="lg"
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  )
}

type EmailFieldProps = Pick<FormFieldProps, 'value' | 'onChange' | 'helperText' | 'autoFocus'>

export function EmailField(props: EmailFieldProps) {
  return <FormField label={EMAIL_LABEL} type="email" name="email" autoComplete="email" {...props} />
}

/**
 * A new password with the one client-side rule of spec §5. The message shows after a submit attempt and
 * clears as soon as the password is long enough.
 */
export function useNewPassword() {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  return {
    password,
    field: {
      value: password,
      error,
      onChange(value: string) {
        setPassword(value)
        if (error && !newPasswordProblem(value)) setError(null)
      },
    },
    /** True when the password may be sent; otherwise shows the message. */
    validate(): boolean {
      const problem = newPasswordProblem(password)
      setError(problem)
      return problem === null
    },
  }
}

type NewPasswordFieldProps = ReturnType<typeof useNewPassword>['field'] & {
  label: string
  autoFocus?: boolean
}

export function NewPasswordField(props: NewPasswordFieldProps) {
  return (
    <FormField
      type="password"
      name={NEW_PASSWORD_FIELD}
      autoComplete="new-password"
      helperText={`Al menos ${PASSWORD_MIN_LENGTH} caracteres.`}
      {...props}
    />
  )
}

/** The frame every auth form shares: a native form without browser validation, and its error on top. */
export function AuthForm({
  testId,
  failure,
  onSubmit,
  children,
}: {
  testId: string
  failure: string | null | undefined
  onSubmit: () => void | Promise<void>
  children: ReactNode
}) {
  function submit(event: FormEvent) {
    event.preventDefault()
    void onSubmit()
  }
  return (
    <Stack asChild gap="4">
      {/* POST without an action: were it ever submitted by the browser itself (the prerendered form before its
      script ran, decision 0040), the password would go in a body to /auth, never into a URL. */}
      <form method="post" onSubmit={submit} noValidate data-testid={testId}>
        {failure && (
          <Notice status="error" testId="auth-error">
            {failure}
          </Notice>
        )}
        {children}
      </form>
    </Stack>
  )
}
