import { Alert, Button, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react'
import { Suspense, useState } from 'react'
import type { Plan } from '../../../shared/payment-schemas'
import { AppDialog } from '../../components/app-dialog'
import { toaster } from '../../components/toaster'
import { ApiError } from '../../lib/api-client'
import { CardPaymentDialog, YapeDialog } from '../payments'
import { CancelSubscriptionDialog } from './cancel-subscription-dialog'
import { planCardView, visiblePlans } from './format-plan'
import { PaymentLogos, SecurityNote } from './payment-logos'
import { PlanCard } from './plan-card'
import {
  cancelSubscription,
  startSubscription,
  usePlans,
  usePurchaseState,
  useRefreshPlans,
} from './use-plans'

type Props = {
  open: boolean
  onClose: () => void
  userEmail: string | null
  /** A payment went through (approved or pending); plans and dates are already being refreshed. */
  onPurchased?: () => void
}

type Payment = { method: 'card' | 'yape'; plan: Plan }

/** Spec §2 'Planes de suscripcion y prepago': the plan cards, the payment methods and the security note. */
export function PlansDialog({ open, onClose, userEmail, onPurchased }: Props) {
  const plans = usePlans(open)
  const purchases = usePurchaseState(open)
  const refresh = useRefreshPlans()
  const [payment, setPayment] = useState<Payment | null>(null)
  const [paymentOpen, setPaymentOpen] = useState(false)
  const [subscribing, setSubscribing] = useState<number | null>(null)
  const [cancelling, setCancelling] = useState<Plan | null>(null)
  const [cancelBusy, setCancelBusy] = useState(false)

  const pay = (method: Payment['method'], plan: Plan) => {
    setPayment({ method, plan })
    setPaymentOpen(true)
  }

  const paid = () => {
    void refresh()
    onPurchased?.()
  }

  const subscribe = async (plan: Plan) => {
    setSubscribing(plan.id)
    try {
      const subscription = await startSubscription(plan.id)
      // The payer approves the subscription on Mercado Pago's page (the sandbox's in offline mode), which
      // sends them back here.
      window.location.assign(subscription.init_point)
    } catch (error) {
      setSubscribing(null)
      toaster.create({
        title: 'No se pudo iniciar la suscripción',
        description: error instanceof ApiError ? error.message : 'Hubo un problema al procesar tu pago',
        type: 'error',
      })
    }
  }

  const confirmCancel = async () => {
    if (!cancelling) return
    setCancelBusy(true)
    try {
      await cancelSubscription(cancelling.id)
      toaster.create({
        title: 'Suscripción cancelada',
        description: 'No se realizarán más cobros de este plan.',
        type: 'success',
      })
      setCancelling(null)
      void refresh()
    } catch (error) {
      toaster.create({
        title: 'No se pudo cancelar la suscripción',
        description: error instanceof ApiError ? error.message : 'Inténtalo de nuevo más tarde.',
        type: 'error',
      })
    } finally {
      setCancelBusy(false)
    }
  }

  const list = plans.data ? visiblePlans(plans.data) : []

  return (
    <>
      <AppDialog
        open={open}
        onClose={onClose}
        title="Planes de suscripcion y prepago"
        testId="plans-dialog"
        size="xl"
      >
        <Stack gap="5">
          {plans.isPending && (
            <Stack direction="row" gap="2" align="center" color="fg.muted" role="status">
              <Spinner size="sm" />
              <Text>Cargando planes...</Text>
            </Stack>
          )}
          {plans.isError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>No se pudieron cargar los planes</Alert.Title>
                <Alert.Description>Intenta de nuevo en unos momentos.</Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" onClick={() => void plans.refetch()}>
                Reintentar
              </Button>
            </Alert.Root>
          )}
          {plans.isSuccess && list.length === 0 && (
            <Text color="fg.muted">No hay planes disponibles en este momento.</Text>
          )}
          {list.length > 0 && (
            <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="4" data-testid="plans-grid">
              {list.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  view={planCardView(plan, purchases.data)}
                  subscribing={subscribing === plan.id}
                  onPayCard={() => pay('card', plan)}
                  onPayYape={() => pay('yape', plan)}
                  onSubscribe={() => void subscribe(plan)}
                  onEditSubscription={() => setCancelling(plan)}
                />
              ))}
            </SimpleGrid>
          )}
          <Stack gap="3" borderTopWidth="1px" pt="4">
            <PaymentLogos />
            <SecurityNote />
          </Stack>
        </Stack>
      </AppDialog>
      {payment && (
        <Suspense fallback={null}>
          {payment.method === 'card' ? (
            <CardPaymentDialog
              open={paymentOpen}
              onClose={() => setPaymentOpen(false)}
              plan={payment.plan}
              userEmail={userEmail}
              onSuccess={paid}
            />
          ) : (
            <YapeDialog
              open={paymentOpen}
              onClose={() => setPaymentOpen(false)}
              plan={payment.plan}
              userEmail={userEmail}
              onSuccess={() => {
                // Spec §4 mobile-wallet flow: the success callback closes the modals, the plans popup too.
                paid()
                onClose()
              }}
            />
          )}
        </Suspense>
      )}
      <CancelSubscriptionDialog
        planName={cancelling?.name ?? null}
        cancelling={cancelBusy}
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancelling(null)}
      />
    </>
  )
}

export default PlansDialog
