// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_MESSAGES } from '../../../shared/errors'
import { YAPE_OTP_MESSAGE, YAPE_PHONE_MESSAGE } from '../../../shared/payment-messages'
import type { PaymentConfig } from '../../../shared/payment-schemas'
import { jsonResponse } from '../../test/json-response'
import { renderWithQueries } from '../../test/render'

// Mercado Pago's SDK is a script from its servers: here it never loads.
vi.mock('./load-script', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./load-script')>()),
  loadScript: () => Promise.reject(new Error('sin conexión')),
}))

const { CardPaymentDialog, SDK_LOAD_ERROR_MESSAGE } = await import('./card-payment-dialog')
const { YapeDialog } = await import('./yape-dialog')

const plan = { id: 2, planId: 'estandar-30', name: 'Estándar', description: 'Plan estándar', price: 30 }
const CONFIG_ERROR = 'No se pudo cargar la configuración de pagos. Intenta de nuevo más tarde.'

/** The server at the fetch boundary: the payment configuration (or its failure, or no answer yet) and Yape. */
const server = {
  config: { provider: 'sandbox', publicKey: null } as PaymentConfig | 'fail' | 'hold',
  yapePayments: [] as unknown[],
}

beforeEach(() => {
  server.config = { provider: 'sandbox', publicKey: null }
  server.yapePayments = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/payment/config') {
        if (server.config === 'hold') return new Promise<Response>(() => {})
        if (server.config === 'fail')
          return jsonResponse(500, { code: 'DATABASE_ERROR', message: ERROR_MESSAGES.DATABASE_ERROR })
        return jsonResponse(200, server.config)
      }
      if (url === '/api/payment/sandbox/yape-token')
        return jsonResponse(200, { id: 'tok-yape', payment_method_id: 'yape', last_four_digits: null })
      if (url === '/api/payment/yape') {
        server.yapePayments.push(JSON.parse(String(init?.body)))
        return jsonResponse(200, { id: 'pay-1', status: 'approved' })
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND })
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const dialogs = [
  {
    name: 'card',
    title: 'Pagar con Tarjeta',
    testId: 'card-payment-dialog',
    ui: () => <CardPaymentDialog open onClose={() => {}} plan={plan} userEmail="ana@example.pe" />,
  },
  {
    name: 'Yape',
    title: 'Pagar con Yape',
    testId: 'yape-dialog',
    ui: () => <YapeDialog open onClose={() => {}} plan={plan} userEmail="ana@example.pe" />,
  },
]

describe.each(dialogs)('the $name payment dialog', ({ title, testId, ui }) => {
  it('names its method and the plan with its price, and says the form is loading', () => {
    server.config = 'hold'
    renderWithQueries(ui())
    const dialog = screen.getByTestId(testId)
    expect(within(dialog).getByText(title)).toBeTruthy()
    expect(dialog.textContent).toContain('Estándar: S/ 30.00')
    expect(within(dialog).getByRole('status').textContent).toBe('Cargando formulario de pago...')
  })

  it('says when the payment configuration cannot be loaded, and shows no form', async () => {
    server.config = 'fail'
    renderWithQueries(ui())
    // The configuration is asked twice (one retry) before the failure shows.
    expect(await screen.findByText(CONFIG_ERROR, undefined, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('the card payment dialog with Mercado Pago', () => {
  it('says the SDK could not load, and offers to try again', async () => {
    server.config = { provider: 'mercadopago', publicKey: 'TEST-key' }
    renderWithQueries(dialogs[0]!.ui())
    expect(await screen.findByText(SDK_LOAD_ERROR_MESSAGE)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy()
  })
})

describe('the Yape payment dialog', () => {
  it('asks for the phone and the code before sending anything', async () => {
    renderWithQueries(dialogs[1]!.ui())
    fireEvent.click(await screen.findByTestId('yape-submit'))
    expect(await screen.findByText(YAPE_PHONE_MESSAGE)).toBeTruthy()
    expect(screen.getByText(YAPE_OTP_MESSAGE)).toBeTruthy()
    expect(server.yapePayments).toEqual([])
  })

  it('closes once the payment goes through, and tells the plans popup', async () => {
    const onSuccess = vi.fn()
    // As the plans popup holds it: closing sets `open` to false (a dialog left open by its parent would also be
    // dismissed when the focus leaves the finished form, a second close the app never sees).
    const onClose = vi.fn()
    function Holder() {
      const [open, setOpen] = useState(true)
      const close = () => {
        onClose()
        setOpen(false)
      }
      return (
        <YapeDialog
          open={open}
          onClose={close}
          plan={plan}
          userEmail="ana@example.pe"
          onSuccess={onSuccess}
        />
      )
    }
    renderWithQueries(<Holder />)
    fireEvent.change(await screen.findByTestId('yape-phone'), { target: { value: '111111111' } })
    fireEvent.paste(screen.getByTestId('yape-otp'), { clipboardData: { getData: () => '123456' } })
    fireEvent.click(screen.getByTestId('yape-submit'))
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('pay-1', 'approved'))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(server.yapePayments).toHaveLength(1)
  })
})
