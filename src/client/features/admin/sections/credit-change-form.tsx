import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { creditChangeRequestSchema, creditChangeResultSchema } from '../../../../shared/admin'
import { apiPost } from '../../../lib/api-client'
import { checkWith, type FieldErrors, toInt } from '../shared/field-errors'
import { ReasonField, SelectField, TextField } from '../shared/form-fields'
import { ProblemNotice } from '../shared/problem-notice'
import { useAdminMutation } from '../shared/use-admin-mutation'

/** Grant or deduct credits through the ledger; the reason is required and lands on the ledger and audit rows. */
export function CreditChangeForm({ userId }: { userId: string }) {
  const [operation, setOperation] = useState<'grant' | 'deduct'>('grant')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [done, setDone] = useState<string | null>(null)
  const change = useAdminMutation(
    (body: unknown) =>
      apiPost(`/api/admin/users/${encodeURIComponent(userId)}/credits`, body, creditChangeResultSchema),
    (result) => {
      setDone(`Listo. Saldo actual: ${result.credits.remaining_credits} créditos.`)
      setAmount('')
      setReason('')
    },
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    setDone(null)
    const checked = checkWith(creditChangeRequestSchema, { operation, amount: toInt(amount), reason })
    setErrors(checked.errors ?? {})
    if (checked.data) change.mutate(checked.data)
  }

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate data-testid="credit-change-form" aria-label="Ajustar créditos">
        {change.isError && <ProblemNotice error={change.error} />}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <SelectField
            label="Operación"
            value={operation}
            onChange={(v) => setOperation(v === 'deduct' ? 'deduct' : 'grant')}
            options={[
              { value: 'grant', label: 'Añadir créditos' },
              { value: 'deduct', label: 'Deducir créditos' },
            ]}
          />
          <TextField
            label="Cantidad"
            inputMode="numeric"
            value={amount}
            onChange={setAmount}
            error={errors.amount}
            required
          />
        </SimpleGrid>
        <ReasonField value={reason} onChange={setReason} error={errors.reason} />
        <Button type="submit" size="sm" alignSelf="start" loading={change.isPending}>
          {operation === 'grant' ? 'Añadir' : 'Deducir'}
        </Button>
        {done && (
          <Text role="status" fontSize="sm" data-testid="credit-change-done">
            {done}
          </Text>
        )}
      </form>
    </Stack>
  )
}
