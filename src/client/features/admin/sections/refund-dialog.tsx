import { Text } from '@chakra-ui/react'
import { useState } from 'react'
import {
  type AdminPayment,
  type RefundResult,
  refundAmountCents,
  refundCreditsMessage,
  refundRequestSchema,
  refundResultSchema,
} from '../../../../shared/admin'
import { apiPost } from '../../../lib/api-client'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { checkWith, toInt } from '../shared/field-errors'
import { TextField } from '../shared/form-fields'
import { formatSoles } from '../shared/format'

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
  const [error, setError] = useState<string | undefined>()
  const asked = toInt(credits)
  const inRange = Number.isInteger(asked) && asked >= 1 && asked <= left

  /** The contract's message first (not a whole number, below one), then what is left of this payment. */
  function check() {
    if (payment.refundPending) return true
    const checked = checkWith(refundRequestSchema.pick({ credits: true }), { credits: asked })
    const message = checked.errors?.credits ?? (inRange ? undefined : refundCreditsMessage(left))
    setError(message)
    return !message
  }

  async function refund(reason: string | undefined) {
    const body = payment.refundPending ? { reason } : { credits: asked, reason }
    const result = await apiPost(`/api/admin/payments/${payment.id}/refund`, body, refundResultSchema)
    onDone(result)
    return result
  }

  return (
    <ConfirmDialog
      title="Reembolsar un pago"
      confirmLabel={payment.refundPending ? 'Completar el reembolso' : 'Reembolsar'}
      danger
      reason="required"
      testId="refund-dialog"
      check={check}
      onConfirm={refund}
      onClose={onClose}
    >
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
            onChange={(value) => {
              // A new figure is checked again on confirm; meanwhile the helper shows what it returns.
              setCredits(value)
              setError(undefined)
            }}
            error={error}
            helper={
              inRange
                ? `Se devuelven ${formatSoles(solesFor(payment, asked))} por ${PROVIDER_NAMES[payment.provider] ?? payment.provider} y se retiran hasta ${asked} créditos del saldo (nunca por debajo de cero).`
                : `Entre 1 y ${left}.`
            }
            required
          />
        </>
      )}
    </ConfirmDialog>
  )
}
