import { Badge, Button, SimpleGrid, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import {
  type AdminCountry,
  adminCountrySchema,
  countryCreateSchema,
  countryUpdateSchema,
} from '../../../../shared/admin'
import { AppDialog } from '../../../components/app-dialog'
import { apiPatch, apiPost } from '../../../lib/api-client'
import { checkWith, type FieldErrors, toInt } from '../shared/field-errors'
import { CheckField, TextField } from '../shared/form-fields'
import { ProblemNotice } from '../shared/problem-notice'
import { useAdminMutation } from '../shared/use-admin-mutation'

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
  const [base, setBase] = useState(country)
  const [draft, setDraft] = useState<Draft>(
    country ? draftOf(country) : { iso2: '', name: '', flag: '', active: false, sortOrder: '0' },
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: 'iso2' | 'name' | 'flag' | 'sortOrder') => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }))

  const save = useAdminMutation(
    (body: unknown) =>
      base
        ? apiPatch(`/api/admin/countries/${encodeURIComponent(base.iso2)}`, body, adminCountrySchema)
        : apiPost('/api/admin/countries', body, adminCountrySchema),
    onClose,
  )

  function submit() {
    const fields = {
      name: draft.name,
      flag: draft.flag,
      active: draft.active,
      sortOrder: toInt(draft.sortOrder),
    }
    const checked = base
      ? checkWith(countryUpdateSchema, { version: base.version, ...fields })
      : checkWith(countryCreateSchema, { iso2: draft.iso2, ...fields })
    setErrors(checked.errors ?? {})
    if (checked.data) save.mutate(checked.data)
  }

  function reload(current: unknown) {
    const parsed = adminCountrySchema.safeParse(current)
    if (!parsed.success) return
    setBase(parsed.data)
    setDraft(draftOf(parsed.data))
    save.reset()
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      testId="country-form"
      title={base ? `Editar ${base.name}` : 'Nuevo país'}
      titleAddon={base && <Badge variant="surface">versión {base.version}</Badge>}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Guardar
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {save.isError && <ProblemNotice error={save.error} onReload={reload} />}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {!base && (
            <TextField
              label="Código ISO"
              value={draft.iso2}
              onChange={set('iso2')}
              error={errors.iso2}
              required
            />
          )}
          <TextField label="Nombre" value={draft.name} onChange={set('name')} error={errors.name} required />
          <TextField label="Bandera" value={draft.flag} onChange={set('flag')} error={errors.flag} required />
          <TextField
            label="Orden"
            inputMode="numeric"
            value={draft.sortOrder}
            onChange={set('sortOrder')}
            error={errors.sortOrder}
          />
        </SimpleGrid>
        <CheckField
          label="Activo"
          checked={draft.active}
          onChange={(active) => setDraft((d) => ({ ...d, active }))}
        />
      </Stack>
    </AppDialog>
  )
}
