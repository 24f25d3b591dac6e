import { eq, sql } from 'drizzle-orm'
import { type AdminPayment, PAYMENT_MESSAGES } from '../../shared/admin/payments'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import { creditPlans, payments } from '../payments/schema'
import { iso, notFound } from './http'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

// Table names spelled out: drizzle leaves a lone table's columns unqualified inside a subquery.
/** What the purchase credited: its ledger row, keyed as record-payment.ts writes it. */
const givenSql = sql<number>`coalesce((select l.amount from credit_ledger l
  where l.reference = 'payment:' || payments.provider || ':' || payments.provider_payment_id), 0)::int`
const refundedCreditsSql = sql<number>`(select coalesce(sum(r.credits), 0)
  from payment_refunds r where r.payment_id = payments.id)::int`
const refundedCentsSql = sql<number>`(select coalesce(sum(r.amount_cents), 0)
  from payment_refunds r where r.payment_id = payments.id)::int`
const refundPendingSql = sql<boolean>`exists (select 1 from payment_refunds r
  where r.payment_id = payments.id and r.status = 'pending')`

export const paymentColumns = {
  p: payments,
  userEmail: user.email,
  planName: creditPlans.name,
  given: givenSql,
  refundedCredits: refundedCreditsSql,
  refundedCents: refundedCentsSql,
  refundPending: refundPendingSql,
}
export type PaymentRow = {
  p: typeof payments.$inferSelect
  userEmail: string
  planName: string
  given: number
  refundedCredits: number
  refundedCents: number
  refundPending: boolean
}

export const toAdminPayment = (row: PaymentRow): AdminPayment => {
  const { p } = row
  return {
    id: p.id,
    provider: p.provider,
    providerPaymentId: p.providerPaymentId,
    attemptId: p.attemptId,
    userId: p.userId,
    userEmail: row.userEmail,
    planId: p.planId,
    planName: row.planName,
    amount: p.amountCents / 100,
    currency: p.currency,
    methodId: p.methodId,
    status: p.status,
    statusDetail: p.statusDetail,
    creditedAt: iso(p.creditedAt),
    refundedAt: iso(p.refundedAt),
    credits: Number(row.given),
    refundedCredits: Number(row.refundedCredits),
    refundedAmount: Number(row.refundedCents) / 100,
    refundPending: Boolean(row.refundPending),
    createdAt: iso(p.createdAt)!,
  }
}

/** A payment as the console shows it; `lock` takes its row for the rest of the transaction (refunds queue on it). */
export async function findPayment(db: Db | Tx, id: number, lock = false): Promise<PaymentRow> {
  const query = db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .innerJoin(creditPlans, eq(creditPlans.id, payments.planId))
    .where(eq(payments.id, id))
  const [row] = lock ? await query.for('update', { of: payments }) : await query
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound)
  return row as PaymentRow
}
