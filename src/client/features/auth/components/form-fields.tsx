import { Field, Input } from '@chakra-ui/react'

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

export const EMAIL_LABEL = 'Correo electrónico'
export const PASSWORD_LABEL = 'Contraseña'
