import { CardPayment, initMercadoPago } from '@mercadopago/sdk-react'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { type CardFormData, PAYMENT_BRICK_CONTAINER_ID } from './payment-request'

/** Spec §2/§9: credit and debit cards, one instalment. Module-level so the Brick is not re-created on render. */
const CUSTOMIZATION = {
  paymentMethods: {
    maxInstallments: 1,
    minInstallments: 1,
    types: { included: ['credit_card', 'debit_card'] as ('credit_card' | 'debit_card')[] },
  },
}

type Props = {
  publicKey: string
  amount: number
  email: string | null
  onReady: () => void
  onSubmit: (form: CardFormData) => Promise<void>
  /** A critical Brick error: the dialog tears the form down and rebuilds it. */
  onFatal: (cause: string) => void
}

/**
 * Mercado Pago's Card Payment Brick (DESIGN 6), imported only when the card dialog opens with Mercado Pago keys.
 * sdk-react re-creates the Brick whenever one of its props changes identity, so every prop given to it is stable
 * and the callbacks read the latest handlers through refs.
 */
export default function MercadoPagoCardForm({ publicKey, amount, email, onReady, onSubmit, onFatal }: Props) {
  // Spec §9: the card form's locale is es-CO. Calling it again with the same key and options is a no-op.
  initMercadoPago(publicKey, { locale: 'es-CO' })
  const handlers = useRef({ onReady, onSubmit, onFatal })
  useEffect(() => {
    handlers.current = { onReady, onSubmit, onFatal }
  })
  const initialization = useMemo(() => ({ amount, ...(email ? { payer: { email } } : {}) }), [amount, email])
  const ready = useCallback(() => handlers.current.onReady(), [])
  const submit = useCallback((form: CardFormData) => handlers.current.onSubmit(form), [])
  const error = useCallback((brickError: { type: string; cause: string; message?: string }) => {
    if (brickError.type === 'critical') handlers.current.onFatal(brickError.cause)
    else console.warn('Card Payment Brick:', brickError.cause)
  }, [])
  return (
    <CardPayment
      id={PAYMENT_BRICK_CONTAINER_ID}
      locale="es-CO"
      initialization={initialization}
      customization={CUSTOMIZATION}
      onReady={ready}
      onSubmit={submit}
      onError={error}
    />
  )
}
