// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_MESSAGES } from '../../../shared/errors'
import type { Plan, PurchaseState } from '../../../shared/payment-schemas'
import { jsonResponse } from '../../test/json-response'
import { renderWithQueries } from '../../test/render'
import { PlansDialog } from './plans-dialog'

const plan = (over: Partial<Plan>): Plan => ({
  id: 1,
  planId: 'inicial-10',
  name: 'Inicial',
  description: 'Para empezar',
  price: 10,
  currency: 'PEN',
  currency_alias: 'S/',
  features: ['10 consultas'],
  type: 'prepaid',
  status: 'active',
  is_offer: false,
  is_popular: false,
  credits: 10,
  period_months: null,
  ...over,
})

const PLANS = [
  plan({}),
  plan({ id: 2, planId: 'estandar-30', name: 'Estándar', price: 30, is_popular: true }),
  plan({ id: 3, planId: 'empresa', name: 'Empresa', price: 90, status: 'soon' }),
  plan({ id: 4, planId: 'antiguo', name: 'Antiguo', price: 5, status: 'inactive' }),
  plan({ id: 5, planId: 'mensual', name: 'Mensual', price: 25, type: 'subscription', period_months: 1 }),
]

/** The server at the fetch boundary; each test says what the plans answer is. */
const server = {
  plans: [] as Plan[] | 'fail' | 'hold',
  purchases: { purchases: [{ plan_id: 1, purchase_date: '2025-03-05' }], subscriptions: [] } as PurchaseState,
  planRequests: 0,
}

beforeEach(() => {
  server.plans = PLANS
  server.planRequests = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/credits/plans') {
        server.planRequests++
        if (server.plans === 'hold') return new Promise<Response>(() => {})
        if (server.plans === 'fail')
          return jsonResponse(500, { code: 'DATABASE_ERROR', message: ERROR_MESSAGES.DATABASE_ERROR })
        return jsonResponse(200, server.plans)
      }
      if (url === '/api/credits/purchases') return jsonResponse(200, server.purchases)
      if (url === '/api/payment/config') return jsonResponse(200, { provider: 'sandbox', publicKey: null })
      return jsonResponse(404, { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND })
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPlans() {
  renderWithQueries(<PlansDialog open onClose={() => {}} userEmail="ana@example.pe" />)
  return screen.getByTestId('plans-dialog')
}

const card = (planId: string) => screen.getByTestId(`plan-card-${planId}`)

describe('PlansDialog', () => {
  it('says the plans are loading', () => {
    server.plans = 'hold'
    const dialog = renderPlans()
    expect(within(dialog).getByText('Planes de suscripcion y prepago')).toBeTruthy()
    expect(within(dialog).getByRole('status').textContent).toBe('Cargando planes...')
  })

  it('shows each plan with its price and the buttons its kind allows, leaving withdrawn plans out', async () => {
    renderPlans()
    await screen.findByTestId('plans-grid')
    expect(screen.queryByTestId('plan-card-antiguo')).toBeNull()

    const inicial = within(card('inicial-10'))
    expect(inicial.getByText('S/ 10.00')).toBeTruthy()
    expect(inicial.getByRole('button', { name: 'Pagar con Tarjeta' })).toBeTruthy()
    expect(inicial.getByRole('button', { name: 'Pagar con Yape' })).toBeTruthy()
    await waitFor(() =>
      expect(inicial.getByTestId('plan-date').textContent).toMatch(/^Ultima compra: 5 mar\.? 2025$/),
    )

    expect(within(card('estandar-30')).getByText('Popular')).toBeTruthy()
    const empresa = within(card('empresa'))
    expect(empresa.getByText('Proximamente disponible')).toBeTruthy()
    expect(empresa.queryByRole('button')).toBeNull()
    const mensual = within(card('mensual'))
    expect(mensual.getByText('al mes')).toBeTruthy()
    expect(mensual.getByRole('button', { name: 'Suscribirme' })).toBeTruthy()
  })

  it('says when the plans could not be loaded, and loads them again on request', async () => {
    server.plans = 'fail'
    renderPlans()
    expect(await screen.findByText('No se pudieron cargar los planes')).toBeTruthy()
    server.plans = PLANS
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
    await screen.findByTestId('plans-grid')
    expect(server.planRequests).toBe(2)
    expect(screen.queryByText('No se pudieron cargar los planes')).toBeNull()
  })

  it('says when there is no plan to buy', async () => {
    server.plans = []
    renderPlans()
    expect(await screen.findByText('No hay planes disponibles en este momento.')).toBeTruthy()
  })

  it('opens the chosen payment method for the chosen plan', async () => {
    renderPlans()
    await screen.findByTestId('plans-grid')
    fireEvent.click(within(card('estandar-30')).getByRole('button', { name: 'Pagar con Yape' }))
    // The payment dialogs are loaded on first use; on a busy machine the first load takes seconds.
    const yape = await screen.findByTestId('yape-dialog', undefined, { timeout: 10_000 })
    expect(within(yape).getByText('Pagar con Yape')).toBeTruthy()
    expect(yape.textContent).toContain('Estándar: S/ 30.00')
  })
})
