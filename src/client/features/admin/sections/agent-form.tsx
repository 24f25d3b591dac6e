import {
  type AdminAgent,
  adminAgentSchema,
  agentCreateSchema,
  agentUpdateSchema,
} from '../../../../shared/admin'
import { apiPatch, apiPost } from '../../../lib/api-client'
import { toInt } from '../shared/field-errors'
import { SelectField, TextField } from '../shared/form-fields'
import type { Option } from '../shared/list-toolbar'
import { KeyAndNameFields, OrderField } from '../shared/record-fields'
import { RecordFormDialog } from '../shared/record-form-dialog'
import { AGENT_STATUS_LABELS, options } from '../shared/status-labels'
import { withCurrent } from '../shared/use-country-options'
import { useVersionedForm } from '../shared/use-versioned-form'
import { AgentTest } from './agent-test'

type Draft = {
  id: string
  name: string
  description: string
  url: string
  credits: string
  status: AdminAgent['status']
  sortOrder: string
  countryCode: string
}

const EMPTY: Draft = {
  id: '',
  name: '',
  description: '',
  url: 'https://',
  credits: '1',
  status: 'inactive',
  sortOrder: '0',
  countryCode: 'PE',
}

const draftOf = (a: AdminAgent): Draft => ({
  id: a.id,
  name: a.name,
  description: a.description,
  url: a.url,
  credits: String(a.credits),
  status: a.status,
  sortOrder: String(a.sortOrder),
  countryCode: a.countryCode ?? '',
})

/**
 * Creates an agent, or edits one with the version it was read at. A 409 (someone saved it meanwhile) keeps the
 * dialog open and offers to load the record as it now is.
 */
export function AgentFormDialog({
  agent,
  countries,
  onClose,
}: {
  agent: AdminAgent | null
  /** The configured countries as options (useCountryOptions), '' first for every country. */
  countries: Option[]
  onClose: () => void
}) {
  const form = useVersionedForm({
    record: agent,
    schema: adminAgentSchema,
    draftOf,
    createSchema: agentCreateSchema,
    updateSchema: agentUpdateSchema,
    empty: EMPTY,
    write: (body, base) =>
      base
        ? apiPatch(`/api/admin/agents/${encodeURIComponent(base.id)}`, body, adminAgentSchema)
        : apiPost('/api/admin/agents', body, adminAgentSchema),
    onClose,
  })
  const { base, draft, setDraft, errors } = form
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }))

  function submit() {
    const fields = {
      name: draft.name,
      description: draft.description,
      url: draft.url,
      credits: toInt(draft.credits),
      status: draft.status,
      sortOrder: toInt(draft.sortOrder),
      countryCode: draft.countryCode || null,
    }
    form.send(fields, { id: draft.id })
  }

  return (
    <RecordFormDialog
      form={form}
      size="lg"
      testId="agent-form"
      title={base ? `Editar agente ${base.id}` : 'Nuevo agente'}
      onClose={onClose}
      onSubmit={submit}
      fields={
        <>
          <KeyAndNameFields
            creating={!base}
            keyField={form.text('id')}
            keyHelper="Minúsculas, números y guiones; no cambia después."
            nameField={form.text('name')}
          />
          <TextField
            label="URL"
            type="url"
            {...form.text('url')}
            helper="builtin:<nombre> o https://…"
            required
          />
          <TextField label="Costo en créditos" inputMode="numeric" {...form.text('credits')} required />
          <SelectField
            label="Estado"
            value={draft.status}
            onChange={(v) => setDraft((d) => ({ ...d, status: v as Draft['status'] }))}
            options={options(AGENT_STATUS_LABELS)}
            error={errors.status}
          />
          <OrderField {...form.text('sortOrder')} />
          <SelectField
            label="País"
            value={draft.countryCode}
            onChange={set('countryCode')}
            options={withCurrent(countries, draft.countryCode)}
            error={errors.countryCode}
            helper="La ley de qué país responde; los países se configuran en Países."
          />
        </>
      }
    >
      <TextField label="Descripción" multiline {...form.text('description')} />
      <AgentTest url={draft.url} countryCode={draft.countryCode} />
    </RecordFormDialog>
  )
}
