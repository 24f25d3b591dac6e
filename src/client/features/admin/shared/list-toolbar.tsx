import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react'
import { type FormEvent, useId, useState } from 'react'

/** The search box of a list: sent on Enter or 'Buscar', so each search is one request. */
export function SearchForm({
  label,
  placeholder,
  onSearch,
  initial = '',
}: {
  label: string
  placeholder?: string
  onSearch: (q: string) => void
  /** The search the list holds (kept in the address): a section opened again shows it. */
  initial?: string
}) {
  const [text, setText] = useState(initial)
  function submit(event: FormEvent) {
    event.preventDefault()
    onSearch(text)
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is the same landmark, but browsers before 2023 (and happy-dom, which the tests run on) do not know it, while role="search" works everywhere.
    <form onSubmit={submit} role="search" style={{ flex: '1 1 16rem', minWidth: 0 }}>
      <HStack gap="2" align="end">
        <Field.Root flex="1" minW="0">
          <Field.Label fontSize="sm">{label}</Field.Label>
          <Input
            type="search"
            size="sm"
            value={text}
            placeholder={placeholder}
            onChange={(e) => setText(e.target.value)}
          />
        </Field.Root>
        <Button type="submit" size="sm" variant="outline">
          Buscar
        </Button>
      </HStack>
    </form>
  )
}

export type Option = { value: string; label: string }

/** A filter of a list; the empty value means 'all'. */
export function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: Option[]
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <Field.Root w="auto" minW="36">
      <Field.Label fontSize="sm" htmlFor={id}>
        {label}
      </Field.Label>
      <OptionsSelect
        id={id}
        value={value}
        onChange={onChange}
        options={[{ value: '', label: 'Todos' }, ...options]}
      />
    </Field.Root>
  )
}

/** A small native select of options, for the console's filters and forms (labelled by the caller's Field). */
export function OptionsSelect({
  id,
  value,
  onChange,
  options,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  options: Option[]
}) {
  return (
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
  )
}
