import { useState } from 'react'
import type { z } from 'zod'
import { checkWith, type FieldErrors } from './field-errors'
import type { BoundField } from './record-fields'
import { useAdminMutation } from './use-admin-mutation'

/**
 * The state every console record form (agent, country, plan) keeps the same way, so the optimistic-version rules
 * (docs/decisions/0021) live in one place: the record as read (`base`, null while creating), the typed draft, the
 * per-field Spanish errors and the save. A 409 stale answer carries the record as it now is; `reload` puts it in
 * `base` and the draft, so the next save sends its version and the operator redoes the change on what is stored.
 */
export function useVersionedForm<R extends { version: number }, D>({
  record,
  schema,
  draftOf,
  empty,
  createSchema,
  updateSchema,
  write,
  onClose,
}: {
  record: R | null
  /** The record's own schema: a stale answer is only loaded when it really is such a record. */
  schema: z.ZodType<R>
  draftOf: (record: R) => D
  empty: D
  /** The contract's payload schemas: a new record names its key; an edit carries the version it was read at. */
  createSchema: z.ZodType
  updateSchema: z.ZodType
  /** Creates (base null) or updates (base read) with a body already checked by the contract's schema. */
  write: (body: unknown, base: R | null) => Promise<R>
  onClose: () => void
}) {
  const [base, setBase] = useState<R | null>(record)
  const [draft, setDraft] = useState<D>(() => (record ? draftOf(record) : empty))
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useAdminMutation((body: unknown) => write(body, base), onClose)

  /**
   * Checks the typed fields with the contract's schema (plus `createOnly`, the fields fixed at creation, or the
   * version read when editing), shows its Spanish messages and sends only a body that passed.
   */
  function send(fields: object, createOnly: object) {
    const checked = base
      ? checkWith(updateSchema, { version: base.version, ...fields })
      : checkWith(createSchema, { ...createOnly, ...fields })
    setErrors(checked.errors ?? {})
    if (checked.data) save.mutate(checked.data)
  }

  function reload(current: unknown) {
    const parsed = schema.safeParse(current)
    if (!parsed.success) return
    setBase(parsed.data)
    setDraft(draftOf(parsed.data))
    setErrors({})
    save.reset()
  }

  /** One text field of the draft, bound by name: its value, its setter and its Spanish error (record-fields.tsx). */
  const text = (field: keyof D & string): BoundField => ({
    value: String(draft[field] ?? ''),
    onChange: (value) => setDraft((d) => ({ ...d, [field]: value })),
    error: errors[field],
  })

  return { base, draft, setDraft, errors, save, send, reload, text }
}
