import { TextField } from './form-fields'

/** A text field's value, setter and error, as useVersionedForm's `text(field)` gives them. */
export type BoundField = { value: string; onChange: (value: string) => void; error?: string }

/**
 * The key and the name every console record has (agent, country, plan): the key only while the record is created,
 * since it never changes after, then 'Nombre'.
 */
export function KeyAndNameFields({
  creating,
  keyField,
  keyLabel = 'Identificador',
  keyHelper,
  nameField,
}: {
  creating: boolean
  keyField: BoundField
  keyLabel?: string
  keyHelper?: string
  nameField: BoundField
}) {
  return (
    <>
      {creating && <TextField label={keyLabel} helper={keyHelper} required {...keyField} />}
      <TextField label="Nombre" required {...nameField} />
    </>
  )
}

/** 'Orden': where the record goes in its list (smaller first). */
export function OrderField(field: BoundField) {
  return <TextField label="Orden" inputMode="numeric" {...field} />
}
