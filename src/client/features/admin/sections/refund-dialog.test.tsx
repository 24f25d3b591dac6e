// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type AdminPayment, PAYMENT_MESSAGES, refundCreditsMessage } from '../../../../shared/admin'
import { stubFetch } from '../../../test/fetch-stub'
import { jsonResponse } from '../../../test/json-response'
import { renderWithQueries } from '../../../test/render'
import { formatSoles } from '../shared/format'
import { bodyOf } from '../test-fixtures'
import { RefundDialog } from './refund-dialog'

const server = stubFetch()

/** S/ 24.90 for 30 credits, 10 of them (S/ 8.30) refunded already. */
const payment = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 7,
  provider: 'mercadopago',
  providerPaymentId: '1320000001',
  attemptId: null,
  userId: 'u1',
  userEmail: 'ana@ejemplo.pe',
  planId: 2,
  planName: 'Estándar',
  amount: 24.9,
  currency: 'PEN',
  methodId: 'visa',
  status: 'approved',
  statusDetail: 'partially_refunded',
  creditedAt: '2026-01-01T00:00:00.000Z',
  refundedAt: null,
  credits: 30,
  refundedCredits: 10,
  refundedAmount: 8.3,
  refundPending: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
})

function renderDialog(p: AdminPayment) {
  const onDone = vi.fn()
  renderWithQueries(<RefundDialog payment={p} onClose={() => {}} onDone={onDone} />)
  const dialog = screen.getByTestId('refund-dialog')
  const fill = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } })
  return { dialog, fill, onDone }
}

describe('RefundDialog', () => {
  it('offers what is left of the payment and shows the soles in proportion, as the server computes them', async () => {
    const { dialog, fill } = renderDialog(payment())
    const credits = within(dialog).getByLabelText(/^Créditos a reembolsar/) as HTMLInputElement
    expect(credits.value).toBe('20')
    // The last 20 credits return exactly what is left: 24.90 − 8.30.
    expect(dialog.textContent).toContain(`Se devuelven ${formatSoles(16.6)} por Mercado Pago`)
    fill('Créditos a reembolsar', '3')
    expect(dialog.textContent).toContain(`Se devuelven ${formatSoles(2.49)}`)
    fill('Créditos a reembolsar', '21')
    fill('Motivo', 'Cobro duplicado')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    expect(await within(dialog).findByText(refundCreditsMessage(20))).toBeTruthy()
    fill('Créditos a reembolsar', '0')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.credits)).toBeTruthy()
    // A new figure clears the message and shows what it returns again.
    fill('Créditos a reembolsar', '20')
    expect(within(dialog).queryByText(PAYMENT_MESSAGES.credits)).toBeNull()
    expect(dialog.textContent).toContain(`Se devuelven ${formatSoles(16.6)}`)
    expect(server.fetch).not.toHaveBeenCalled()
  })

  it('sends the credits and the reason, and reports what the server did', async () => {
    const after = payment({ refundedCredits: 13, refundedAmount: 10.79 })
    server.answer = () =>
      jsonResponse(200, {
        payment: after,
        refund: { id: 'r1', credits: 3, amount: 2.49, providerRefundId: '99' },
        creditsRemoved: 3,
        resumed: false,
      })
    const { dialog, fill, onDone } = renderDialog(payment())
    fill('Créditos a reembolsar', '3')
    fill('Motivo', 'Cobro duplicado')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/api/admin/payments/7/refund')
    expect(bodyOf(server.fetch.mock.calls[0]!)).toEqual({ credits: 3, reason: 'Cobro duplicado' })
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ creditsRemoved: 3, refund: { amount: 2.49 } })
  })

  it("completes a pending refund instead of asking for credits, and shows the provider's refusal", async () => {
    server.answer = () =>
      jsonResponse(409, {
        code: 'PAYMENT_ERROR',
        message: 'Mercado Pago rechazó el reembolso (código 2085): revísalo en su panel.',
      })
    const { dialog, fill } = renderDialog(payment({ refundPending: true }))
    expect(within(dialog).queryByLabelText(/^Créditos a reembolsar/)).toBeNull()
    fill('Motivo', 'Reintento')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Completar el reembolso' }))
    expect((await within(dialog).findByTestId('admin-problem')).textContent).toContain(
      'Mercado Pago rechazó el reembolso',
    )
    expect(bodyOf(server.fetch.mock.calls[0]!)).toEqual({ reason: 'Reintento' })
  })
})
