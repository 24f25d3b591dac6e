import { chakra, Field, Input, Textarea } from '@chakra-ui/react'
import { useId } from 'react'
import { type Option, OptionsSelect } from './list-toolbar'

type Base = { label: string; error?: string; helper?: string; disabled?: boolean; required?: boolean }

/** A labelled text input; its message under it, tied to it by Chakra's Field. */
export function TextField({
  label,
  error,
  helper,
  value,
  onChange,
  type = 'text',
  multiline = false,
  disabled,
  required,
  inputMode,
}: Base & {
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'email' | 'url' | 'number' | 'date' | 'datetime-local'
  multiline?: boolean
  inputMode?: 'numeric' | 'decimal'
}) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea size="sm" value={value} onChange={(e) => onChange(e.target.value)} rows={3} />
      ) : (
        <Input
          size="sm"
          type={type}
          inputMode={inputMode}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  )
}

/** 'Motivo': why an operator acts, kept on the audit row (and the ledger's); required unless `optional`. */
export function ReasonField({
  value,
  onChange,
  error,
  optional = false,
}: {
  value: string
  onChange: (value: string) => void
  error?: string
  optional?: boolean
}) {
  return (
    <TextField
      label={optional ? 'Motivo (opcional)' : 'Motivo'}
      multiline
      value={value}
      onChange={onChange}
      error={error}
      required={!optional}
    />
  )
}

export function SelectField({
  label,
  error,
  helper,
  value,
  onChange,
  options,
  disabled,
}: Base & { value: string; onChange: (value: string) => void; options: Option[] }) {
  const id = useId()
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <OptionsSelect id={id} value={value} onChange={onChange} options={options} />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  )
}

/**
 * A native checkbox: keyboard, label and state come with the element, and no Chakra checkbox recipe (which the
 * app's theme leaves out) is needed. The accent takes the brand colour.
 */
export function CheckField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
      <chakra.input
        type="checkbox"
        boxSize="4"
        accentColor="cyan.solid"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </chakra.label>
  )
}
