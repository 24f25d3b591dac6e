import { describe, expect, it } from 'vitest'
import type { Plan, PurchaseState } from '../../../shared/payment-schemas'
import { formatPlanPrice, formatPurchaseDate, periodLabel, planCardView, visiblePlans } from './format-plan'

const plan = (over: Partial<Plan> = {}): Plan => ({
  id: 1,
  planId: 'basico',
  name: 'Básico',
  description: 'Para empezar',
  price: 29.9,
  currency: 'PEN',
  currency_alias: 'S/',
  features: ['50 créditos'],
  type: 'prepaid',
  status: 'active',
  is_offer: false,
  is_popular: false,
  credits: 50,
  period_months: null,
  ...over,
})

const state = (over: Partial<PurchaseState> = {}): PurchaseState => ({
  purchases: [],
  subscriptions: [],
  ...over,
})

describe('formatPlanPrice (spec §2, §9)', () => {
  it('shows S/ and es-PE digits with two decimals', () => {
    expect(formatPlanPrice(plan({ price: 29.9 }))).toBe('S/ 29.90')
    expect(formatPlanPrice(plan({ price: 5 }))).toBe('S/ 5.00')
    expect(formatPlanPrice(plan({ price: 1234.5 }))).toBe('S/ 1,234.50')
  })

  it('uses the plan’s own currency alias', () => {
    expect(formatPlanPrice(plan({ price: 10, currency_alias: 'US$' }))).toBe('US$ 10.00')
  })
})

describe('formatPurchaseDate (spec §2)', () => {
  it('formats es-PE day, short month, year', () => {
    expect(formatPurchaseDate('2025-03-05T15:00:00Z', 'America/Lima')).toBe('5 mar. 2025')
    expect(formatPurchaseDate('2024-12-21T12:00:00Z', 'UTC')).toBe('21 dic. 2024')
  })

  it('shows a timestamp in the viewer’s time zone', () => {
    // 02:00 UTC on 1 April is still 31 March in Lima (UTC-5).
    expect(formatPurchaseDate('2025-04-01T02:00:00Z', 'America/Lima')).toBe('31 mar. 2025')
  })

  it('keeps a date without time on its calendar day everywhere', () => {
    expect(formatPurchaseDate('2025-04-01', 'America/Lima')).toBe('1 abr. 2025')
  })

  it('gives null for something that is not a date', () => {
    expect(formatPurchaseDate('mañana')).toBeNull()
  })
})

describe('periodLabel', () => {
  it('labels subscriptions only', () => {
    expect(periodLabel(plan())).toBeNull()
    expect(periodLabel(plan({ type: 'subscription', period_months: 1 }))).toBe('al mes')
    expect(periodLabel(plan({ type: 'subscription', period_months: 3 }))).toBe('cada 3 meses')
  })
})

describe('planCardView (spec §2)', () => {
  it('a soon plan has no buttons and no date, whatever its type', () => {
    const soon = planCardView(plan({ status: 'soon', type: 'subscription' }), state())
    expect(soon).toEqual({ kind: 'soon', subscribed: false, dateLine: null })
  })

  it('a prepaid plan shows its newest purchase as Ultima compra', () => {
    const view = planCardView(
      plan({ id: 7 }),
      state({
        purchases: [
          { plan_id: 7, purchase_date: '2025-01-10T12:00:00Z' },
          { plan_id: 7, purchase_date: '2025-03-05T12:00:00Z' },
          { plan_id: 8, purchase_date: '2025-06-01T12:00:00Z' },
        ],
      }),
      'America/Lima',
    )
    expect(view).toEqual({ kind: 'prepaid', subscribed: false, dateLine: 'Ultima compra: 5 mar. 2025' })
  })

  it('a prepaid plan never bought shows no date', () => {
    expect(planCardView(plan(), state()).dateLine).toBeNull()
    expect(planCardView(plan(), undefined).dateLine).toBeNull()
  })

  it('a subscription held shows Editar and Suscripcion activa hasta', () => {
    const view = planCardView(
      plan({ id: 3, type: 'subscription', period_months: 1 }),
      state({ subscriptions: [{ plan_id: 3, status: 'authorized', active_until: '2025-04-01' }] }),
    )
    expect(view).toEqual({
      kind: 'subscription',
      subscribed: true,
      dateLine: 'Suscripcion activa hasta: 1 abr. 2025',
    })
  })

  it('a subscription not yet authorized or cancelled offers Suscribirme again', () => {
    const sub = plan({ id: 3, type: 'subscription' })
    expect(
      planCardView(sub, state({ subscriptions: [{ plan_id: 3, status: 'pending', active_until: null }] })),
    ).toEqual({
      kind: 'subscription',
      subscribed: false,
      dateLine: null,
    })
    // A cancelled subscription stays paid until its period ends.
    const cancelled = planCardView(
      sub,
      state({ subscriptions: [{ plan_id: 3, status: 'cancelled', active_until: '2025-05-02' }] }),
    )
    expect(cancelled).toEqual({
      kind: 'subscription',
      subscribed: false,
      dateLine: 'Suscripcion activa hasta: 2 may. 2025',
    })
  })

  it('ignores another plan’s subscription', () => {
    const view = planCardView(
      plan({ id: 3, type: 'subscription' }),
      state({ subscriptions: [{ plan_id: 4, status: 'authorized', active_until: '2025-04-01' }] }),
    )
    expect(view.subscribed).toBe(false)
  })
})

describe('visiblePlans', () => {
  it('drops withdrawn plans and keeps the order', () => {
    const list = [plan({ id: 1 }), plan({ id: 2, status: 'inactive' }), plan({ id: 3, status: 'soon' })]
    expect(visiblePlans(list).map((p) => p.id)).toEqual([1, 3])
  })
})
