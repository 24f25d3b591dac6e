import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { ServiceError } from '../../shared/errors'
import type { PaymentDeps } from './deps'
import { notificationUrl } from './deps'
import { purchasablePlan } from './plans'
import { paymentAttempts, subscriptions } from './schema'

const LIVE = ['pending', 'authorized', 'paused']

/** 'Suscribirme': a subscription the payer approves at the provider's page (the sandbox's, offline). */
export async function startSubscription(
  deps: PaymentDeps,
  user: { id: string; email: string },
  planId: number,
) {
  const { db, provider } = deps
  const plan = await purchasablePlan(db, planId, 'subscription')
  if (!plan) throw new ServiceError('INVALID_PARAMS', 'El plan no está disponible')
  const [existing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, user.id),
        eq(subscriptions.planId, plan.id),
        inArray(subscriptions.status, ['authorized', 'paused']),
      ),
    )
  if (existing) throw new ServiceError('VALIDATION_ERROR', 'Ya tienes una suscripción activa a este plan')
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      userId: user.id,
      planId: plan.id,
      method: 'subscription',
      amountCents: plan.priceCents,
      provider: provider.kind,
    })
    .returning()
  const created = await provider.createSubscription({
    idempotencyKey: attempt!.idempotencyKey,
    reason: `Lexia · ${plan.name}`,
    amount: plan.priceCents / 100,
    frequencyMonths: plan.periodMonths ?? 1,
    payerEmail: user.email,
    externalReference: attempt!.id,
    backUrl: `${deps.baseUrl}/protected/chat`,
    notificationUrl: notificationUrl(deps.baseUrl),
  })
  await db.insert(subscriptions).values({
    provider: provider.kind,
    providerSubscriptionId: created.id,
    attemptId: attempt!.id,
    userId: user.id,
    planId: plan.id,
    status: created.status,
    currentPeriodEnd: created.nextPaymentDate ? new Date(created.nextPaymentDate) : null,
  })
  return { id: created.id, status: created.status, init_point: created.initPoint }
}

/** 'Editar mi suscripcion' → cancel: only the caller's own live subscription to that plan. */
export async function cancelSubscription(deps: PaymentDeps, userId: string, planId: number) {
  const { db, provider } = deps
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.planId, planId),
        inArray(subscriptions.status, LIVE),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
  if (!row) throw new ServiceError('NOT_FOUND', 'Suscripción no encontrada')
  const cancelled = await provider.cancelSubscription(row.providerSubscriptionId)
  await db
    .update(subscriptions)
    .set({ status: cancelled.status, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, row.id))
  return { status: cancelled.status }
}

/** Brings our copy of a subscription up to date with the provider's (status and end of the paid period). */
export async function syncSubscription(deps: PaymentDeps, providerSubscriptionId: string): Promise<boolean> {
  const subscription = await deps.provider.getSubscription(providerSubscriptionId)
  if (!subscription) return false
  const updated = await deps.db
    .update(subscriptions)
    .set({
      status: subscription.status,
      currentPeriodEnd: subscription.nextPaymentDate ? new Date(subscription.nextPaymentDate) : null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(subscriptions.provider, deps.provider.kind),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .returning({ id: subscriptions.id })
  return updated.length > 0
}
