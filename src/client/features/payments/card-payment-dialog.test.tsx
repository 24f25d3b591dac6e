// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cardStatusMessage, type PaymentOutcome } from '../../../shared/payment-messages'
import { renderWithTheme } from '../../test/render'
import { SANDBOX_TEST_CARD } from './sandbox-card'

/** The sandbox as the dialog sees it: a token for any card, and the payment's answer set by each test. */
const sandbox = vi.hoisted(() => ({ outcomes: [] as PaymentOutcome[], payments: 0 }))

vi.mock('./use-payment-config', () => ({
  usePaymentConfig: () => ({
    data: { provider: 'sandbox', publicKey: null },
    isPending: false,
    isError: false,
  }),
}))
vi.mock('./payment-api', () => ({
  createSandboxCardToken: async () => ({ id: 'tok-card', payment_method_id: 'visa' }),
  submitCardPayment: async () => {
    sandbox.payments++
    const next = sandbox.outcomes.shift()
    if (!next) throw new Error('no outcome queued')
    return next
  },
}))

const { CardPaymentDialog } = await import('./card-payment-dialog')

const NO_FUNDS = cardStatusMessage('cc_rejected_insufficient_amount')
const plan = { id: 1, planId: 'estandar-30', name: 'Estándar', description: 'Plan estándar', price: 30 }

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label)

function fillAndPay(cardholder: string) {
  fireEvent.change(field('Número de tarjeta'), { target: { value: SANDBOX_TEST_CARD.number } })
  fireEvent.change(field('Nombre del titular'), { target: { value: cardholder } })
  fireEvent.change(field('Mes (MM)'), { target: { value: '11' } })
  fireEvent.change(field('Año (AA/AAAA)'), { target: { value: '30' } })
  fireEvent.change(field('CVV'), { target: { value: '123' } })
  fireEvent.change(field('Número de documento'), { target: { value: '12345678' } })
  fireEvent.click(screen.getByTestId('sandbox-card-submit'))
}

afterEach(() => {
  cleanup()
  sandbox.outcomes = []
  sandbox.payments = 0
})

describe('CardPaymentDialog after a refused payment', () => {
  it('shows only the real error over an empty, usable form focused on the card number', async () => {
    sandbox.outcomes.push({ kind: 'rejected', code: 'cc_rejected_insufficient_amount', message: NO_FUNDS })
    renderWithTheme(<CardPaymentDialog open onClose={() => {}} plan={plan} userEmail="ana@example.pe" />)
    await screen.findByTestId('sandbox-card-form')
    fillAndPay('FUND')
    await waitFor(() => expect(screen.getByTestId('card-payment-error').textContent).toContain(NO_FUNDS))
    // The form is rebuilt after the spec's 50 ms: every field empty, nothing flagged, the button ready.
    await waitFor(() => expect(document.activeElement).toBe(field('Número de tarjeta')))
    for (const label of ['Número de tarjeta', 'Nombre del titular', 'Mes (MM)', 'CVV', 'Número de documento'])
      expect(field(label).value).toBe('')
    expect(screen.queryByText('Revisa los datos de la tarjeta.')).toBeNull()
    expect(document.querySelectorAll('[aria-invalid="true"], [data-invalid]')).toHaveLength(0)
    expect(screen.getByTestId<HTMLButtonElement>('sandbox-card-submit').disabled).toBe(false)
    expect(screen.getAllByText(NO_FUNDS)).toHaveLength(1)
  })

  it('clears the refusal when the retry is paid', async () => {
    sandbox.outcomes.push(
      { kind: 'rejected', code: 'cc_rejected_insufficient_amount', message: NO_FUNDS },
      { kind: 'approved', paymentId: 'pay-2' },
    )
    const onSuccess = vi.fn()
    renderWithTheme(
      <CardPaymentDialog
        open
        onClose={() => {}}
        plan={plan}
        userEmail="ana@example.pe"
        onSuccess={onSuccess}
      />,
    )
    await screen.findByTestId('sandbox-card-form')
    fillAndPay('FUND')
    await waitFor(() => screen.getByTestId('card-payment-error'))
    await waitFor(() => expect(document.activeElement).toBe(field('Número de tarjeta')))
    fillAndPay('APRO')
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('pay-2', 'approved'))
    expect(screen.getByTestId('card-payment-result').textContent).toContain('Pago exitoso!')
    expect(screen.queryByTestId('card-payment-error')).toBeNull()
    expect(sandbox.payments).toBe(2)
  })
})
