import { Alert, Spinner, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { AppDialog } from '../../components/app-dialog'
import { formatAmount } from '../../lib/format-amount'
import type { PlanToPay } from './payment-request'
import type { usePaymentConfig } from './use-payment-config'

/** What the plans popup gives either payment modal. */
export type PaymentDialogProps<E> = {
  open: boolean
  onClose: () => void
  plan: PlanToPay | null
  userEmail: string | null
  /** An approved or pending payment (spec §4): the caller refreshes plans and last-purchase dates. */
  onSuccess?: (paymentId: string | null, status: 'approved' | 'pending') => void
  /** A refused payment. */
  onError?: (error: E) => void
}

/** Spec §2: a payment opens in a centered modal, titled by its method, holding that method's form for the plan. */
export function PaymentDialog({
  open,
  onClose,
  plan,
  title,
  testId,
  children,
}: {
  open: boolean
  onClose: () => void
  plan: PlanToPay | null
  title: string
  testId: string
  children: (plan: PlanToPay) => ReactNode
}) {
  return (
    <AppDialog open={open} onClose={onClose} title={title} testId={testId}>
      {plan && children(plan)}
    </AppDialog>
  )
}

/**
 * The top of either payment form: the plan and its price, then the payment configuration's loading or failure, then
 * the method's own content (shown while the configuration loads too, so each form decides what needs it).
 */
export function PaymentSummary({
  plan,
  config,
  children,
}: {
  plan: PlanToPay
  config: ReturnType<typeof usePaymentConfig>
  children: ReactNode
}) {
  return (
    <Stack gap="4">
      <Text>
        {plan.name}: <strong>{formatAmount(plan.price)}</strong>
      </Text>
      {config.isPending && <PaymentLoading />}
      {config.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>No se pudo cargar la configuración de pagos. Intenta de nuevo más tarde.</Alert.Title>
        </Alert.Root>
      )}
      {children}
    </Stack>
  )
}

/** The spinner line a payment form shows while something it needs is loading. */
export function PaymentLoading() {
  return (
    <Stack direction="row" gap="2" align="center" color="fg.muted" role="status">
      <Spinner size="sm" />
      <Text fontSize="sm">Cargando formulario de pago...</Text>
    </Stack>
  )
}
