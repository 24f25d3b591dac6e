import type { Plan, PurchaseState } from '../../../shared/payment-schemas'
import { formatAmount } from '../../lib/format-amount'

/** Spec §2: a plan's price with its currency alias ('S/ 29.90'). */
export function formatPlanPrice(plan: Pick<Plan, 'price' | 'currency_alias'>): string {
  return formatAmount(plan.price, plan.currency_alias || 'S/')
}

/** What a subscription's price is per: 'mes', or 'N meses'. */
export function periodLabel(plan: Pick<Plan, 'type' | 'period_months'>): string | null {
  if (plan.type !== 'subscription') return null
  const months = plan.period_months ?? 1
  return months === 1 ? 'al mes' : `cada ${months} meses`
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/**
 * Spec §2: es-PE day, short month, year ('5 mar. 2025'). A date without a time (a period end) is that calendar
 * day everywhere, so it is not shifted by the viewer's time zone; a timestamp shows in the viewer's own zone.
 */
export function formatPurchaseDate(value: string, timeZone?: string): string | null {
  const dateOnly = DATE_ONLY.test(value)
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return null
  return new Intl.DateTimeFormat('es-PE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: dateOnly ? 'UTC' : timeZone,
  }).format(date)
}

/** Statuses of a Mercado Pago preapproval in which the user already holds the subscription. */
const HELD_SUBSCRIPTION = new Set(['authorized', 'paused'])

export type PlanCardView = {
  kind: 'soon' | 'subscription' | 'prepaid'
  /** A subscription the user already holds: 'Editar mi suscripcion' instead of 'Suscribirme'. */
  subscribed: boolean
  /** 'Ultima compra: …' or 'Suscripcion activa hasta: …', when there is a date to show. */
  dateLine: string | null
}

const newest = (dates: string[]): string | undefined =>
  dates.reduce<string | undefined>(
    (best, d) => (!best || Date.parse(d) > Date.parse(best) ? d : best),
    undefined,
  )

/** Spec §2: what one plan card shows, from the plan and the user's purchases and subscriptions. */
export function planCardView(plan: Plan, state: PurchaseState | undefined, timeZone?: string): PlanCardView {
  if (plan.status === 'soon') return { kind: 'soon', subscribed: false, dateLine: null }
  if (plan.type === 'subscription') {
    const mine = (state?.subscriptions ?? []).filter((s) => s.plan_id === plan.id)
    const held = mine.find((s) => HELD_SUBSCRIPTION.has(s.status))
    const until = newest(
      (held ? [held] : mine).map((s) => s.active_until).filter((d): d is string => typeof d === 'string'),
    )
    const date = until ? formatPurchaseDate(until, timeZone) : null
    return {
      kind: 'subscription',
      subscribed: Boolean(held),
      dateLine: date ? `Suscripcion activa hasta: ${date}` : null,
    }
  }
  const last = newest(
    (state?.purchases ?? []).filter((p) => p.plan_id === plan.id).map((p) => p.purchase_date),
  )
  const date = last ? formatPurchaseDate(last, timeZone) : null
  return { kind: 'prepaid', subscribed: false, dateLine: date ? `Ultima compra: ${date}` : null }
}

/** Plans the popup lists: everything but withdrawn ones, in the server's order (cheapest first). */
export const visiblePlans = (plans: readonly Plan[]): Plan[] => plans.filter((p) => p.status !== 'inactive')
