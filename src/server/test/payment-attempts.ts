import { and, eq, sql } from 'drizzle-orm'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import type { Db } from '../db/client'
import type { CreatePaymentInput } from '../payments/provider'
import { creditPlans, paymentAttempts } from '../payments/schema'

export type Attempt = typeof paymentAttempts.$inferSelect
export type PlanRow = typeof creditPlans.$inferSelect

export async function planRow(db: Db, planId = 'estandar-30'): Promise<PlanRow> {
  const [row] = await db.select().from(creditPlans).where(eq(creditPlans.planId, planId))
  return row!
}

/** The attempt row checkout writes before calling the provider: all a request killed right after it leaves. */
export async function insertAttempt(
  db: Db,
  input: { userId: string; plan: PlanRow; provider: string; method?: 'card' | 'yape'; status?: string },
): Promise<Attempt> {
  const [row] = await db
    .insert(paymentAttempts)
    .values({
      userId: input.userId,
      planId: input.plan.id,
      method: input.method ?? 'card',
      amountCents: input.plan.priceCents,
      provider: input.provider,
      status: input.status ?? 'created',
    })
    .returning()
  return row!
}

/** What checkout sends the provider for an attempt (its id as external reference, its idempotency key). */
export function paymentInput(
  attempt: Attempt,
  plan: PlanRow,
  token: string,
  methodId = 'visa',
): CreatePaymentInput {
  const amount = plan.priceCents / 100
  return {
    idempotencyKey: attempt.idempotencyKey,
    token,
    amount,
    description: `Lexia · ${plan.name}`,
    methodId,
    installments: 1,
    payer: { email: 'ana@ejemplo.pe' },
    externalReference: attempt.id,
    items: [
      {
        id: plan.planId,
        title: plan.name,
        description: plan.description,
        categoryId: 'services',
        quantity: 1,
        unitPrice: amount,
      },
    ],
    deviceId: null,
    notificationUrl: null,
  }
}

/** A user's balance, and how many purchase rows of the ledger credit each provider payment (must be ≤ 1). */
export async function purchaseLedger(db: Db, userId: string) {
  const [summary] = await db
    .select({ remaining: userCreditsSummary.remainingCredits })
    .from(userCreditsSummary)
    .where(eq(userCreditsSummary.userId, userId))
  const rows = await db
    .select({ reference: creditLedger.reference, n: sql<number>`count(*)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'purchase')))
    .groupBy(creditLedger.reference)
  return { remaining: summary?.remaining ?? 0, perPayment: new Map(rows.map((r) => [r.reference, r.n])) }
}
