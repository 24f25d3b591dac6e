import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Logger } from '../../shared/logger'
import { creditOnce } from '../credits/ledger'
import type { Db } from '../db/client'
import type { ProviderPayment } from './provider'
import { creditPlans, paymentAttempts, payments, subscriptions, userPlanPurchases } from './schema'

/** Whose payment it is and what it buys, found from our own records, never from the notification's body. */
export type PaymentOwner = {
  userId: string
  planId: number
  attemptId: string | null
  subscriptionId: number | null
  /** The plan's price in céntimos: the only amount that credits the plan. */
  expectedCents: number
  credits: number
}

export type Recorded = { credited: boolean; paymentRowId: number }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The owner of a provider payment: its subscription (a period charge) or the attempt named in external_reference. */
export async function findOwner(
  db: Db,
  provider: string,
  payment: ProviderPayment,
): Promise<PaymentOwner | null> {
  if (payment.subscriptionId) {
    const [row] = await db
      .select({
        userId: subscriptions.userId,
        planId: subscriptions.planId,
        attemptId: subscriptions.attemptId,
        subscriptionId: subscriptions.id,
        expectedCents: creditPlans.priceCents,
        credits: creditPlans.credits,
      })
      .from(subscriptions)
      .innerJoin(creditPlans, eq(creditPlans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.provider, provider),
          eq(subscriptions.providerSubscriptionId, payment.subscriptionId),
        ),
      )
    if (row) return row
  }
  const reference = payment.externalReference
  if (!reference || !UUID.test(reference)) return null
  const [row] = await db
    .select({
      userId: paymentAttempts.userId,
      planId: paymentAttempts.planId,
      attemptId: paymentAttempts.id,
      expectedCents: paymentAttempts.amountCents,
      credits: creditPlans.credits,
    })
    .from(paymentAttempts)
    .innerJoin(creditPlans, eq(creditPlans.id, paymentAttempts.planId))
    .where(and(eq(paymentAttempts.id, reference), eq(paymentAttempts.provider, provider)))
  return row ? { ...row, subscriptionId: null } : null
}

/**
 * The spec's process_purchase, on the server: the payment row is kept up to date with what the provider says,
 * and an approved payment of the right amount in soles credits the plan — ledger credit, purchase row and
 * credited_at in ONE transaction, exactly once per provider payment id, however many times (or how concurrently)
 * the same payment is reported.
 */
export async function recordPayment(
  db: Db,
  logger: Logger,
  provider: string,
  payment: ProviderPayment,
  owner: PaymentOwner,
): Promise<Recorded> {
  const amountCents = Math.round(payment.amount * 100)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        provider,
        providerPaymentId: payment.id,
        attemptId: owner.attemptId,
        subscriptionId: owner.subscriptionId,
        userId: owner.userId,
        planId: owner.planId,
        amountCents,
        currency: payment.currency,
        methodId: payment.methodId,
        status: payment.status,
        statusDetail: payment.statusDetail,
      })
      .onConflictDoUpdate({
        target: [payments.provider, payments.providerPaymentId],
        // A credited payment keeps the status that credited it; a later refund or chargeback is for a person.
        set: {
          status: sql`case when ${payments.creditedAt} is null then excluded.status else ${payments.status} end`,
          statusDetail: sql`case when ${payments.creditedAt} is null then excluded.status_detail else ${payments.statusDetail} end`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: payments.id })
    const paymentRowId = row!.id
    if (payment.status !== 'approved') return { credited: false, paymentRowId }
    if (payment.currency !== 'PEN' || amountCents !== owner.expectedCents) {
      logger.error('Pago aprobado con un monto distinto del precio del plan: no se acreditó', {
        provider,
        paymentId: payment.id,
        amountCents,
        currency: payment.currency,
        expectedCents: owner.expectedCents,
      })
      return { credited: false, paymentRowId }
    }
    // The row lock taken above serialises concurrent reports: only the first sees credited_at still empty.
    const claimed = await tx
      .update(payments)
      .set({ creditedAt: sql`now()` })
      .where(and(eq(payments.id, paymentRowId), isNull(payments.creditedAt)))
      .returning({ id: payments.id })
    if (claimed.length === 0) return { credited: false, paymentRowId }
    const credited = await creditOnce(tx, {
      userId: owner.userId,
      amount: owner.credits,
      kind: 'purchase',
      reference: `payment:${provider}:${payment.id}`,
    })
    if (!credited) return { credited: false, paymentRowId }
    await tx
      .insert(userPlanPurchases)
      .values({ userId: owner.userId, planId: owner.planId, paymentId: paymentRowId })
    logger.info('Compra acreditada', {
      provider,
      paymentId: payment.id,
      planId: owner.planId,
      credits: owner.credits,
    })
    return { credited: true, paymentRowId }
  })
}
