import { Checkbox, Field, Input, NativeSelect, Textarea } from '@chakra-ui/react'
import { Check } from 'lucide-react'
import { useId } from 'react'
import type { Option } from './list-toolbar'
import { checkboxSlotRecipe } from './recipes'

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
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  )
}

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
    <Checkbox.Root
      recipe={checkboxSlotRecipe}
      size="sm"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control>
        {/* Its own mark instead of Chakra's, whose recipe the app's theme leaves out. */}
        {checked && <Check aria-hidden />}
      </Checkbox.Control>
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}
