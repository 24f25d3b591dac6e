import { and, asc, desc, eq, gt, inArray, isNull, lte, max, ne, or, sql } from 'drizzle-orm'
import type { Plan, PurchaseState } from '../../shared/payment-schemas'
import type { Db } from '../db/client'
import { creditPlans, subscriptions, userPlanPurchases } from './schema'

export type PlanRow = typeof creditPlans.$inferSelect

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    planId: row.planId,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    currency: row.currency,
    currency_alias: row.currencyAlias,
    features: row.features,
    type: row.type,
    status: row.status,
    is_offer: row.isOffer,
    is_popular: row.isPopular,
    credits: row.credits,
    period_months: row.periodMonths,
  }
}

/** Within the dates an operator set for it (docs/decisions/0024); no date: no bound. */
const withinDates = () =>
  and(
    or(isNull(creditPlans.activeFrom), lte(creditPlans.activeFrom, sql`now()`)),
    or(isNull(creditPlans.activeUntil), gt(creditPlans.activeUntil, sql`now()`)),
  )

/** GET /api/credits/plans: every plan on offer or announced, within its dates, in the operator's order. */
export async function listPlans(db: Db): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(creditPlans)
    .where(and(ne(creditPlans.status, 'inactive'), withinDates()))
    .orderBy(asc(creditPlans.sortOrder), asc(creditPlans.priceCents))
  return rows.map(toPlan)
}

/** A plan that can be bought now, of the given type; null for unknown, 'soon' or inactive plans. */
export async function purchasablePlan(db: Db, id: number, type: PlanRow['type']): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(creditPlans)
    .where(
      and(
        eq(creditPlans.id, id),
        eq(creditPlans.status, 'active'),
        eq(creditPlans.type, type),
        withinDates(),
      ),
    )
  return row ?? null
}

/** Spec §7: the last purchase date per plan, and the user's subscriptions with the end of their paid period. */
export async function purchaseState(db: Db, userId: string): Promise<PurchaseState> {
  const [purchases, subs] = await Promise.all([
    db
      .select({ planId: userPlanPurchases.planId, last: max(userPlanPurchases.purchaseDate) })
      .from(userPlanPurchases)
      .where(eq(userPlanPurchases.userId, userId))
      .groupBy(userPlanPurchases.planId),
    db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, ['pending', 'authorized', 'paused']),
        ),
      )
      .orderBy(desc(subscriptions.createdAt)),
  ])
  return {
    purchases: purchases.map((p) => ({ plan_id: p.planId, purchase_date: new Date(p.last!).toISOString() })),
    subscriptions: subs.map((s) => ({
      plan_id: s.planId,
      status: s.status,
      active_until: s.currentPeriodEnd?.toISOString() ?? null,
    })),
  }
}
