// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type PaymentOutcome,
  YAPE_OTP_MESSAGE,
  YAPE_PHONE_MESSAGE,
  yapeFailureMessage,
} from '../../../shared/payment-messages'
import { renderWithTheme } from '../../test/render'

/** The sandbox as the form sees it: a token for any code, and the payment's answer set by each test. */
const sandbox = vi.hoisted(() => ({ outcomes: [] as PaymentOutcome[], payments: 0 }))

vi.mock('./payment-api', () => ({
  createSandboxYapeToken: async () => ({ id: 'tok-yape' }),
  submitYapePayment: async () => {
    sandbox.payments++
    const next = sandbox.outcomes.shift()
    if (!next) throw new Error('no outcome queued')
    return next
  },
}))

const { YapeForm } = await import('./yape-form')

const NO_FUNDS = yapeFailureMessage('yape_insufficient_funds')
const plan = { id: 1, planId: 'inicial-10', name: 'Inicial', description: 'Plan inicial', price: 10 }

function renderForm(onSuccess = vi.fn()) {
  renderWithTheme(
    <YapeForm
      plan={plan}
      userEmail="ana@example.pe"
      config={{ provider: 'sandbox', publicKey: null }}
      onSuccess={onSuccess}
    />,
  )
  return onSuccess
}

const otpBoxes = () =>
  Array.from({ length: 6 }, (_, i) =>
    screen.getByLabelText<HTMLInputElement>(`Dígito ${i + 1} de 6 del código de aprobación`),
  )

function fill(phone: string, code: string) {
  fireEvent.change(screen.getByTestId('yape-phone'), { target: { value: phone } })
  fireEvent.paste(screen.getByTestId('yape-otp'), { clipboardData: { getData: () => code } })
}

const submit = () => fireEvent.click(screen.getByTestId('yape-submit'))

afterEach(() => {
  cleanup()
  sandbox.outcomes = []
  sandbox.payments = 0
})

describe('YapeForm after a refused payment', () => {
  it('shows only the real error, with empty boxes ready for a new code and the first one focused', async () => {
    sandbox.outcomes.push({ kind: 'rejected', code: 'yape_insufficient_funds', message: NO_FUNDS })
    renderForm()
    fill('111111113', '123456')
    submit()
    await waitFor(() => expect(screen.getByTestId('yape-error').textContent).toContain(NO_FUNDS))

    expect(otpBoxes().map((box) => box.value)).toEqual(['', '', '', '', '', ''])
    expect(screen.queryByText(YAPE_OTP_MESSAGE)).toBeNull()
    expect(screen.queryByText(YAPE_PHONE_MESSAGE)).toBeNull()
    expect(document.activeElement).toBe(otpBoxes()[0])
    expect(screen.getByTestId<HTMLButtonElement>('yape-submit').disabled).toBe(false)
    // The phone number stays: only the one-time code has to be typed again.
    expect(screen.getByTestId<HTMLInputElement>('yape-phone').value).toBe('111111113')
  })

  it('asks for the 6 digits only once the person submits again without them, in place of the old error', async () => {
    sandbox.outcomes.push({ kind: 'rejected', code: 'yape_insufficient_funds', message: NO_FUNDS })
    renderForm()
    fill('111111113', '123456')
    submit()
    await waitFor(() => screen.getByTestId('yape-error'))

    submit()
    await waitFor(() => expect(screen.getByText(YAPE_OTP_MESSAGE)).toBeTruthy())
    expect(screen.queryByTestId('yape-error')).toBeNull()
    expect(sandbox.payments).toBe(1)
  })

  it('takes a new code and pays on the retry', async () => {
    sandbox.outcomes.push(
      { kind: 'rejected', code: 'yape_insufficient_funds', message: NO_FUNDS },
      { kind: 'approved', paymentId: 'pay-2' },
    )
    const onSuccess = renderForm()
    fill('111111113', '123456')
    submit()
    await waitFor(() => screen.getByTestId('yape-error'))

    fill('111111111', '654321')
    submit()
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('pay-2', 'approved'))
    expect(screen.queryByTestId('yape-error')).toBeNull()
    expect(screen.queryByText(YAPE_OTP_MESSAGE)).toBeNull()
  })
})
