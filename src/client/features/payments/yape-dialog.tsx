import { useEffect, useRef } from 'react'
import { PaymentDialog, type PaymentDialogProps, PaymentSummary } from './payment-dialog'
import { usePaymentConfig } from './use-payment-config'
import { YapeForm, type YapePaymentError } from './yape-form'

/** Spec §2: Yape payments open in a centered modal holding the Yape form; a payment that goes through closes it. */
export function YapeDialog({
  open,
  onClose,
  plan,
  userEmail,
  onSuccess,
  onError,
}: PaymentDialogProps<YapePaymentError>) {
  const config = usePaymentConfig(open)
  // Closed once per opening: a payment that goes through closes the modal, and the focus leaving the finished form
  // may dismiss it again before the parent's `open={false}` arrives (a loaded machine): the parent hears one close.
  const closed = useRef(false)
  useEffect(() => {
    if (open) closed.current = false
  }, [open])
  const close = () => {
    if (closed.current) return
    closed.current = true
    onClose()
  }
  return (
    <PaymentDialog open={open} onClose={close} plan={plan} title="Pagar con Yape" testId="yape-dialog">
      {(plan) => (
        <PaymentSummary plan={plan} config={config}>
          {config.data && (
            <YapeForm
              plan={plan}
              userEmail={userEmail}
              config={config.data}
              onSuccess={(paymentId, status) => {
                onSuccess?.(paymentId, status)
                close()
              }}
              onError={onError}
            />
          )}
        </PaymentSummary>
      )}
    </PaymentDialog>
  )
}

export default YapeDialog
