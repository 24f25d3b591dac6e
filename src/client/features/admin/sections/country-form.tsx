import {
  type AdminCountry,
  adminCountrySchema,
  countryCreateSchema,
  countryUpdateSchema,
} from '../../../../shared/admin'
import { apiPatch, apiPost } from '../../../lib/api-client'
import { toInt } from '../shared/field-errors'
import { CheckField, TextField } from '../shared/form-fields'
import { KeyAndNameFields, OrderField } from '../shared/record-fields'
import { RecordFormDialog } from '../shared/record-form-dialog'
import { useVersionedForm } from '../shared/use-versioned-form'

type Draft = { iso2: string; name: string; flag: string; active: boolean; sortOrder: string }

const draftOf = (c: AdminCountry): Draft => ({ ...c, sortOrder: String(c.sortOrder) })

/** Adds a country, or edits its name, flag, state and order (with the version read). */
export function CountryFormDialog({
  country,
  onClose,
}: {
  country: AdminCountry | null
  onClose: () => void
}) {
  const form = useVersionedForm<AdminCountry, Draft>({
    record: country,
    schema: adminCountrySchema,
    draftOf,
    createSchema: countryCreateSchema,
    updateSchema: countryUpdateSchema,
    empty: { iso2: '', name: '', flag: '', active: false, sortOrder: '0' },
    write: (body, base) =>
      base
        ? apiPatch(`/api/admin/countries/${encodeURIComponent(base.iso2)}`, body, adminCountrySchema)
        : apiPost('/api/admin/countries', body, adminCountrySchema),
    onClose,
  })
  const { base, draft, setDraft } = form

  function submit() {
    const fields = {
      name: draft.name,
      flag: draft.flag,
      active: draft.active,
      sortOrder: toInt(draft.sortOrder),
    }
    form.send(fields, { iso2: draft.iso2 })
  }

  return (
    <RecordFormDialog
      form={form}
      testId="country-form"
      title={base ? `Editar ${base.name}` : 'Nuevo país'}
      columnsFrom="sm"
      onClose={onClose}
      onSubmit={submit}
      fields={
        <>
          <KeyAndNameFields
            creating={!base}
            keyField={form.text('iso2')}
            keyLabel="Código ISO"
            nameField={form.text('name')}
          />
          <TextField label="Bandera" {...form.text('flag')} required />
          <OrderField {...form.text('sortOrder')} />
        </>
      }
    >
      <CheckField
        label="Activo"
        checked={draft.active}
        onChange={(active) => setDraft((d) => ({ ...d, active }))}
      />
    </RecordFormDialog>
  )
}
