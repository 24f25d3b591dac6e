import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import {
  CARD_DEFAULT_MESSAGE,
  cardStatusMessage,
  PAYMENT_TOASTS,
  type PaymentOutcome,
} from '../../../shared/payment-messages'
import { formatAmount } from '../../lib/format-amount'
import { announceAcceptedPayment, announceRejectedPayment } from './complete-payment'
import { DEVICE_ID_INPUT_ID, readDeviceId } from './device-id'
import { loadScript, MERCADOPAGO_SDK_URL, MERCADOPAGO_SECURITY_URL } from './load-script'
import { submitCardPayment } from './payment-api'
import { PaymentDialog, type PaymentDialogProps, PaymentLoading, PaymentSummary } from './payment-dialog'
import {
  buildCardPaymentRequest,
  type CardFormData,
  type CardFormSource,
  PAYMENT_BRICK_CONTAINER_ID,
  type PlanToPay,
} from './payment-request'
import { SandboxCardForm } from './sandbox-card-form'
import { usePaymentConfig } from './use-payment-config'

/** The Brick and Mercado Pago's React SDK load only when a card payment with Mercado Pago keys is opened. */
const MercadoPagoCardForm = lazy(() => import('./mercadopago-card-form'))

/** Spec §9: the card form is rebuilt this long after an error. */
export const CARD_FORM_RESET_MS = 50
export const SDK_LOAD_ERROR_MESSAGE = 'Error al cargar el SDK'

/** A refused card payment reports its §8 code. */
type Props = PaymentDialogProps<string>

/** Spec §2 card payment modal: the card form in #paymentBrick_container, 'Pago exitoso!' on success. */
export function CardPaymentDialog({ open, onClose, plan, userEmail, onSuccess, onError }: Props) {
  return (
    <PaymentDialog
      open={open}
      onClose={onClose}
      plan={plan}
      title="Pagar con Tarjeta"
      testId="card-payment-dialog"
    >
      {(plan) => (
        <CardPaymentBody
          plan={plan}
          userEmail={userEmail}
          onClose={onClose}
          onSuccess={onSuccess}
          onError={onError}
        />
      )}
    </PaymentDialog>
  )
}

export default CardPaymentDialog

type Phase = { kind: 'form' } | { kind: 'approved' } | { kind: 'pending' }

function CardPaymentBody({
  plan,
  userEmail,
  onClose,
  onSuccess,
  onError,
}: Omit<Props, 'open' | 'plan'> & { plan: PlanToPay }) {
  const config = usePaymentConfig()
  const provider = config.data?.provider
  const [sdk, setSdk] = useState<'loading' | 'ready' | 'error'>('loading')
  const [phase, setPhase] = useState<Phase>({ kind: 'form' })
  const [error, setError] = useState<string | null>(null)
  const [formKey, setFormKey] = useState(0)
  const [formMounted, setFormMounted] = useState(true)
  const [brickReady, setBrickReady] = useState(false)
  const rebuildTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // Spec §4 step 1: load Mercado Pago's SDK first, so a failure reads 'Error al cargar el SDK' (the Brick itself
  // would fail silently); the security script that sets the device-session id is best effort.
  const live = useRef(true)
  const loadSdk = useCallback(() => {
    setSdk('loading')
    loadScript(MERCADOPAGO_SDK_URL).then(
      () => live.current && setSdk('ready'),
      () => live.current && setSdk('error'),
    )
    loadScript(MERCADOPAGO_SECURITY_URL, { view: 'checkout' }).catch(() => undefined)
  }, [])
  useEffect(() => {
    live.current = true
    if (provider === 'mercadopago') loadSdk()
    return () => {
      live.current = false
    }
  }, [provider, loadSdk])

  useEffect(() => () => clearTimeout(rebuildTimer.current), [])

  /** Spec §4 step 3: tear the form down and rebuild it after 50 ms so the user can retry with empty fields. */
  const rebuildForm = useCallback(() => {
    setFormMounted(false)
    setBrickReady(false)
    clearTimeout(rebuildTimer.current)
    rebuildTimer.current = setTimeout(() => {
      setFormKey((k) => k + 1)
      setFormMounted(true)
    }, CARD_FORM_RESET_MS)
  }, [])

  const fail = useCallback(
    (code: string, message: string) => {
      setError(message)
      announceRejectedPayment(message)
      onError?.(code)
      rebuildForm()
    },
    [onError, rebuildForm],
  )

  const finish = useCallback(
    (outcome: PaymentOutcome) => {
      if (outcome.kind === 'rejected') {
        fail(outcome.code, outcome.message)
        return
      }
      setError(null)
      announceAcceptedPayment(outcome, plan, 'card')
      setPhase({ kind: outcome.kind })
      onSuccess?.(outcome.paymentId, outcome.kind)
    },
    [fail, plan, onSuccess],
  )

  const submit = useCallback(
    async (form: CardFormData, source: CardFormSource) => {
      setError(null)
      const request = buildCardPaymentRequest(form, plan, userEmail, readDeviceId(), source)
      let outcome: PaymentOutcome
      try {
        outcome = await submitCardPayment(request)
      } catch (cause) {
        console.error('Error al enviar el pago con tarjeta', cause)
        outcome = {
          kind: 'rejected',
          code: 'processing_error',
          message: cardStatusMessage('processing_error'),
        }
      }
      finish(outcome)
    },
    [plan, userEmail, finish],
  )

  const amountLabel = formatAmount(plan.price)

  if (phase.kind !== 'form') {
    const approved = phase.kind === 'approved'
    return (
      <Stack gap="4" py="4" align="center" textAlign="center" data-testid="card-payment-result">
        <Heading as="h3" size="lg" role="status">
          {approved ? 'Pago exitoso!' : PAYMENT_TOASTS.pending.title}
        </Heading>
        <Text>{approved ? PAYMENT_TOASTS.success.description : PAYMENT_TOASTS.pending.description}</Text>
        <Button onClick={onClose}>Cerrar</Button>
      </Stack>
    )
  }

  return (
    <PaymentSummary plan={plan} config={config}>
      <input type="hidden" id={DEVICE_ID_INPUT_ID} defaultValue="" />
      {error && (
        <Alert.Root status="error" data-testid="card-payment-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{PAYMENT_TOASTS.error.title}</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {provider === 'sandbox' && formMounted && (
        <div id={PAYMENT_BRICK_CONTAINER_ID} key={formKey}>
          <SandboxCardForm
            amountLabel={amountLabel}
            onSubmit={(form) => submit(form, 'sandbox-card-form')}
            onTokenError={(message) => fail('invalid_card', message)}
            focusOnMount={formKey > 0}
          />
        </div>
      )}
      {provider === 'mercadopago' && config.data?.publicKey && sdk === 'loading' && <PaymentLoading />}
      {provider === 'mercadopago' && (sdk === 'error' || !config.data?.publicKey) && (
        <Stack gap="3" align="start">
          <Alert.Root status="error" data-testid="card-sdk-error">
            <Alert.Indicator />
            <Alert.Title>{SDK_LOAD_ERROR_MESSAGE}</Alert.Title>
          </Alert.Root>
          <Button variant="outline" onClick={loadSdk}>
            Reintentar
          </Button>
        </Stack>
      )}
      {provider === 'mercadopago' && sdk === 'ready' && config.data?.publicKey && (
        <Box minH="12rem">
          {!brickReady && <PaymentLoading />}
          {formMounted && (
            <Suspense fallback={null}>
              <MercadoPagoCardForm
                key={formKey}
                publicKey={config.data.publicKey}
                amount={plan.price}
                email={userEmail}
                onReady={() => setBrickReady(true)}
                onSubmit={(form) => submit(form, 'card-payment-brick')}
                onFatal={(cause) => fail(cause || 'processing_error', CARD_DEFAULT_MESSAGE)}
              />
            </Suspense>
          )}
        </Box>
      )}
    </PaymentSummary>
  )
}
