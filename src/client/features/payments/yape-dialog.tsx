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
  return (
    <PaymentDialog open={open} onClose={onClose} plan={plan} title="Pagar con Yape" testId="yape-dialog">
      {(plan) => (
        <PaymentSummary plan={plan} config={config}>
          {config.data && (
            <YapeForm
              plan={plan}
              userEmail={userEmail}
              config={config.data}
              onSuccess={(paymentId, status) => {
                onSuccess?.(paymentId, status)
                onClose()
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
