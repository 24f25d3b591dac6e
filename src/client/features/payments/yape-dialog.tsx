import { Alert, Spinner, Stack, Text } from '@chakra-ui/react'
import { AppDialog } from '../../components/app-dialog'
import { formatAmount } from '../../lib/format-amount'
import type { PlanToPay } from './payment-request'
import { usePaymentConfig } from './use-payment-config'
import { YapeForm, type YapePaymentError } from './yape-form'

type Props = {
  open: boolean
  onClose: () => void
  plan: PlanToPay | null
  userEmail: string | null
  /** Approved or pending (spec §4): the dialog closes and the caller refreshes plans and last-purchase dates. */
  onSuccess?: (paymentId: string | null, status: 'approved' | 'pending') => void
  onError?: (error: YapePaymentError) => void
}

/** Spec §2: Yape payments open in a centered modal holding the Yape form. */
export function YapeDialog({ open, onClose, plan, userEmail, onSuccess, onError }: Props) {
  const config = usePaymentConfig(open)
  return (
    <AppDialog open={open} onClose={onClose} title="Pagar con Yape" testId="yape-dialog">
      {plan && (
        <Stack gap="4">
          <Text>
            {plan.name}: <strong>{formatAmount(plan.price)}</strong>
          </Text>
          {config.isPending && (
            <Stack direction="row" gap="2" align="center" color="fg.muted" role="status">
              <Spinner size="sm" />
              <Text fontSize="sm">Cargando...</Text>
            </Stack>
          )}
          {config.isError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>
                No se pudo cargar la configuración de pagos. Intenta de nuevo más tarde.
              </Alert.Title>
            </Alert.Root>
          )}
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
        </Stack>
      )}
    </AppDialog>
  )
}

export default YapeDialog
