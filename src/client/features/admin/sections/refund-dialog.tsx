import { Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import {
  type AdminPayment,
  type RefundResult,
  refundAmountCents,
  refundCreditsMessage,
  refundRequestSchema,
  refundResultSchema,
} from '../../../../shared/admin'
import { AppDialog } from '../../../components/app-dialog'
import { apiPost } from '../../../lib/api-client'
import { checkWith, type FieldErrors, toInt } from '../shared/field-errors'
import { TextField } from '../shared/form-fields'
import { formatSoles } from '../shared/format'
import { ProblemNotice } from '../shared/problem-notice'
import { useAdminMutation } from '../shared/use-admin-mutation'

const PROVIDER_NAMES: Record<string, string> = { mercadopago: 'Mercado Pago', sandbox: 'el sandbox' }

/** The soles a refund of `credits` returns, as the server will compute them (one shared function). */
const solesFor = (p: AdminPayment, credits: number) =>
  refundAmountCents(
    {
      amountCents: Math.round(p.amount * 100),
      credits: p.credits,
      refundedCents: Math.round(p.refundedAmount * 100),
      refundedCredits: p.refundedCredits,
    },
    credits,
  ) / 100

/**
 * Reembolsar: the money goes back to the payer through the payment's provider and the credits are taken back
 * (never below zero). The operator chooses how many credits, at most what is left of the payment; the soles
 * follow in proportion. A refund left pending (the provider did not confirm it) is completed instead.
 */
export function RefundDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPayment
  onClose: () => void
  onDone: (result: RefundResult) => void
}) {
  const left = payment.credits - payment.refundedCredits
  const [credits, setCredits] = useState(String(left))
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const run = useAdminMutation(
    (body: unknown) => apiPost(`/api/admin/payments/${payment.id}/refund`, body, refundResultSchema),
    (result) => {
      onDone(result)
      onClose()
    },
  )
  const asked = toInt(credits)
  const inRange = Number.isInteger(asked) && asked >= 1 && asked <= left

  function confirm() {
    const body = payment.refundPending ? { reason } : { credits: asked, reason }
    const checked = checkWith(refundRequestSchema, body)
    const found: FieldErrors = checked.errors ?? {}
    if (!payment.refundPending && !found.credits && !inRange) found.credits = refundCreditsMessage(left)
    setErrors(found)
    if (checked.data && Object.keys(found).length === 0) run.mutate(checked.data)
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      role="alertdialog"
      title="Reembolsar un pago"
      testId="refund-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button colorPalette="red" onClick={confirm} loading={run.isPending}>
            {payment.refundPending ? 'Completar el reembolso' : 'Reembolsar'}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {run.isError && <ProblemNotice error={run.error} />}
        {payment.refundPending ? (
          <Text fontSize="sm">
            Hay un reembolso de este pago que el proveedor no confirmó. Al confirmar se completa ese mismo (el
            proveedor no devuelve dos veces); después puedes pedir otro.
          </Text>
        ) : (
          <>
            <Text fontSize="sm">
              {`Pago de ${formatSoles(payment.amount)} de ${payment.userEmail}, que dio ${payment.credits} créditos` +
                (payment.refundedCredits > 0
                  ? `; ya se reembolsaron ${payment.refundedCredits} (${formatSoles(payment.refundedAmount)}).`
                  : '.')}
            </Text>
            <TextField
              label="Créditos a reembolsar"
              inputMode="numeric"
              value={credits}
              onChange={setCredits}
              error={errors.credits}
              helper={
                inRange
                  ? `Se devuelven ${formatSoles(solesFor(payment, asked))} por ${PROVIDER_NAMES[payment.provider] ?? payment.provider} y se retiran hasta ${asked} créditos del saldo (nunca por debajo de cero).`
                  : `Entre 1 y ${left}.`
              }
              required
            />
          </>
        )}
        <TextField
          label="Motivo"
          multiline
          value={reason}
          onChange={setReason}
          error={errors.reason}
          required
        />
      </Stack>
    </AppDialog>
  )
}
