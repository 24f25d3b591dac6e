import { HStack } from '@chakra-ui/react'
import { type AdminPlan, adminPlanSchema, planCreateSchema, planUpdateSchema } from '../../../../shared/admin'
import { apiPatch, apiPost } from '../../../lib/api-client'
import { fromLocalInput, toLocalInput } from '../shared/date-input'
import { toInt } from '../shared/field-errors'
import { CheckField, SelectField, TextField } from '../shared/form-fields'
import { KeyAndNameFields, OrderField } from '../shared/record-fields'
import { RecordFormDialog } from '../shared/record-form-dialog'
import { options, PLAN_STATUS_LABELS, PLAN_TYPE_LABELS } from '../shared/status-labels'
import { useVersionedForm } from '../shared/use-versioned-form'

type Draft = {
  planId: string
  name: string
  description: string
  price: string
  credits: string
  features: string
  type: AdminPlan['type']
  status: AdminPlan['status']
  isOffer: boolean
  isPopular: boolean
  periodMonths: string
  sortOrder: string
  activeFrom: string
  activeUntil: string
}

const EMPTY: Draft = {
  planId: '',
  name: '',
  description: '',
  price: '',
  credits: '',
  features: '',
  type: 'prepaid',
  status: 'soon',
  isOffer: false,
  isPopular: false,
  periodMonths: '',
  sortOrder: '0',
  activeFrom: '',
  activeUntil: '',
}

const draftOf = (p: AdminPlan): Draft => ({
  planId: p.planId,
  name: p.name,
  description: p.description,
  price: String(p.price),
  credits: String(p.credits),
  features: p.features.join('\n'),
  type: p.type,
  status: p.status,
  isOffer: p.isOffer,
  isPopular: p.isPopular,
  periodMonths: p.periodMonths === null ? '' : String(p.periodMonths),
  sortOrder: String(p.sortOrder),
  activeFrom: toLocalInput(p.activeFrom),
  activeUntil: toLocalInput(p.activeUntil),
})

const toPrice = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')))

/** Creates a plan or edits one (planId and type stay as created: purchases name them). */
export function PlanFormDialog({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const form = useVersionedForm({
    record: plan,
    schema: adminPlanSchema,
    draftOf,
    createSchema: planCreateSchema,
    updateSchema: planUpdateSchema,
    empty: EMPTY,
    write: (body, base) =>
      base
        ? apiPatch(`/api/admin/plans/${base.id}`, body, adminPlanSchema)
        : apiPost('/api/admin/plans', body, adminPlanSchema),
    onClose,
  })
  const { base, draft, setDraft, errors } = form
  const set = (field: keyof Draft) => (value: string | boolean) => setDraft((d) => ({ ...d, [field]: value }))

  function submit() {
    const fields = {
      name: draft.name,
      description: draft.description,
      price: toPrice(draft.price),
      credits: toInt(draft.credits),
      features: draft.features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      status: draft.status,
      isOffer: draft.isOffer,
      isPopular: draft.isPopular,
      periodMonths: draft.periodMonths.trim() === '' ? null : toInt(draft.periodMonths),
      sortOrder: toInt(draft.sortOrder),
      activeFrom: fromLocalInput(draft.activeFrom),
      activeUntil: fromLocalInput(draft.activeUntil),
    }
    form.send(fields, { planId: draft.planId, type: draft.type })
  }

  return (
    <RecordFormDialog
      form={form}
      size="lg"
      testId="plan-form"
      title={base ? `Editar plan ${base.planId}` : 'Nuevo plan'}
      onClose={onClose}
      onSubmit={submit}
      fields={
        <>
          <KeyAndNameFields creating={!base} keyField={form.text('planId')} nameField={form.text('name')} />
          <TextField label="Precio (S/)" inputMode="decimal" {...form.text('price')} required />
          <TextField label="Créditos" inputMode="numeric" {...form.text('credits')} required />
          <SelectField
            label="Tipo"
            value={draft.type}
            onChange={set('type')}
            options={options(PLAN_TYPE_LABELS)}
            error={errors.type}
            disabled={Boolean(base)}
            helper={base ? 'El tipo no cambia una vez creado.' : undefined}
          />
          <SelectField
            label="Estado"
            value={draft.status}
            onChange={set('status')}
            options={options(PLAN_STATUS_LABELS)}
            error={errors.status}
          />
          <TextField
            label="Meses por período"
            inputMode="numeric"
            {...form.text('periodMonths')}
            helper="Solo suscripciones."
          />
          <OrderField {...form.text('sortOrder')} />
          <TextField label="Ofrecido desde" type="datetime-local" {...form.text('activeFrom')} />
          <TextField label="Ofrecido hasta" type="datetime-local" {...form.text('activeUntil')} />
        </>
      }
    >
      <HStack gap="6" wrap="wrap">
        <CheckField label="Insignia 'Popular'" checked={draft.isPopular} onChange={set('isPopular')} />
        <CheckField label="Insignia 'Oferta'" checked={draft.isOffer} onChange={set('isOffer')} />
      </HStack>
      <TextField label="Descripción" multiline {...form.text('description')} />
      <TextField label="Características (una por línea)" multiline {...form.text('features')} />
    </RecordFormDialog>
  )
}
