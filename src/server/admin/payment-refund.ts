import { and, eq, sql } from 'drizzle-orm'
import {
  PAYMENT_MESSAGES,
  type RefundRequest,
  type RefundResult,
  refundAmountCents,
  refundCreditsMessage,
} from '../../shared/admin/payments'
import { ServiceError } from '../../shared/errors'
import type { Logger } from '../../shared/logger'
import { deductInTx, getSummary } from '../credits/ledger'
import type { Db } from '../db/client'
import { type PaymentProvider, PaymentProviderError, type ProviderRefund } from '../payments/provider'
import { paymentRefunds, payments } from '../payments/schema'
import { writeAudit } from './audit'
import { conflictError } from './http'
import { findPayment, type PaymentRow, toAdminPayment } from './payment-rows'

type Refund = typeof paymentRefunds.$inferSelect
type RefundDeps = { db: Db; provider: PaymentProvider; logger: Logger }

const invalidCredits = (message: string) =>
  new ServiceError('VALIDATION_ERROR', message, { credits: message })

/**
 * Money back to the payer through the payment's provider, and its credits taken back, exactly once
 * (docs/decisions/0027). Three steps, because the provider's call cannot sit inside a database transaction:
 *   1. under the payment's row lock, a `pending` refund row is written (or the one left pending is taken up);
 *   2. the provider is asked, with that row's id as the idempotency key;
 *   3. under the lock again, the row is settled: ledger row, payment's state and audit row in one transaction.
 * A refusal deletes the pending row (nothing recorded); no answer leaves it pending, and the next request for the
 * payment repeats step 2 with the same key, so the provider refunds once however often it is asked.
 */
export async function refundPayment(
  deps: RefundDeps,
  admin: { id: string; email: string },
  paymentId: number,
  input: RefundRequest,
): Promise<RefundResult> {
  const { refund, row, resumed } = await openRefund(deps, admin, paymentId, input)
  let made: ProviderRefund
  try {
    const whole = refund.amountCents === row.p.amountCents
    made = await deps.provider.refundPayment({
      paymentId: row.p.providerPaymentId,
      amount: whole ? null : refund.amountCents / 100,
      idempotencyKey: refund.id,
    })
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status >= 400 && error.status < 500) {
      // Refused: no money moved, so nothing is kept (the same key would only be refused again).
      await deps.db
        .delete(paymentRefunds)
        .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')))
      throw new ServiceError('PAYMENT_ERROR', error.message, { providerCode: error.code }, 409)
    }
    deps.logger.warn('Reembolso sin confirmar del proveedor: queda pendiente', {
      refundId: refund.id,
      paymentId,
      error: error instanceof Error ? error.message : String(error),
    })
    throw new ServiceError('NETWORK_ERROR', PAYMENT_MESSAGES.refundPending, { refundId: refund.id }, 502)
  }
  return settleRefund(deps.db, admin, paymentId, refund.id, made, resumed)
}

/** Step 1: the pending row, from the request or left by an earlier one that got no answer. */
async function openRefund(
  { db, provider }: RefundDeps,
  admin: { id: string; email: string },
  paymentId: number,
  input: RefundRequest,
): Promise<{ refund: Refund; row: PaymentRow; resumed: boolean }> {
  return db.transaction(async (tx) => {
    const row = await findPayment(tx, paymentId, true)
    const [pending] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'pending')))
    // Whatever this request asks, the refund already asked is finished first: its money may be on its way.
    if (pending) return { refund: pending, row, resumed: true }
    const current = toAdminPayment(row)
    if (row.p.provider !== provider.kind) throw conflictError(PAYMENT_MESSAGES.otherProvider, { current })
    if (!row.p.creditedAt || current.credits <= 0)
      throw conflictError(PAYMENT_MESSAGES.notCredited, { current })
    const left = current.credits - current.refundedCredits
    if (left <= 0) throw conflictError(PAYMENT_MESSAGES.alreadyRefunded, { current })
    const credits = input.credits ?? left
    if (credits > left) throw invalidCredits(refundCreditsMessage(left))
    const amountCents = refundAmountCents(
      {
        amountCents: row.p.amountCents,
        credits: current.credits,
        refundedCents: Math.round(current.refundedAmount * 100),
        refundedCredits: current.refundedCredits,
      },
      credits,
    )
    if (amountCents <= 0) throw invalidCredits(refundCreditsMessage(left))
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId,
        credits,
        amountCents,
        actorId: admin.id,
        actorEmail: admin.email,
        reason: input.reason,
      })
      .returning()
    return { refund: refund!, row, resumed: false }
  })
}

/** Step 3: what the provider confirmed, recorded once (of two requests settling one refund, one writes). */
async function settleRefund(
  db: Db,
  admin: { id: string; email: string },
  paymentId: number,
  refundId: string,
  made: ProviderRefund,
  resumed: boolean,
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const row = await findPayment(tx, paymentId, true)
    const before = toAdminPayment(row)
    const [claimed] = await tx
      .update(paymentRefunds)
      .set({ status: 'done', providerRefundId: made.id, settledAt: sql`now()` })
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
      .returning()
    if (!claimed) {
      // Another request for the same refund settled it first (two operators at once): the same refund, and this
      // request's answer still says whether it opened it or took it up.
      const [done] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId))
      return resultOf(before, done!, done?.creditsRemoved ?? 0, resumed)
    }
    // Never below zero: what was already spent stays spent (the ledger cannot show a debt). The summary row is
    // locked so a consultation's reservation cannot slip between the read and the deduction.
    await tx.execute(sql`select 1 from user_credits_summary where user_id = ${row.p.userId} for update`)
    const balance = (await getSummary(tx, row.p.userId)).remaining_credits
    const take = Math.min(claimed.credits, balance)
    if (take > 0) {
      const moved = await deductInTx(tx, {
        userId: row.p.userId,
        amount: take,
        kind: 'payment_refund',
        reference: `payment-refund:${claimed.id}`,
        actor: `admin:${claimed.actorId ?? admin.id}`,
        reason: claimed.reason,
      })
      if (!moved) throw new Error(`El reembolso ${claimed.id} no pudo retirar sus créditos`)
    }
    await tx.update(paymentRefunds).set({ creditsRemoved: take }).where(eq(paymentRefunds.id, claimed.id))
    // The pending row was already counted in refundedCredits: this refund completes the payment when they meet.
    const whole = before.refundedCredits >= before.credits
    await tx
      .update(payments)
      .set(
        whole
          ? { status: 'refunded', statusDetail: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` }
          : { statusDetail: 'partially_refunded', updatedAt: sql`now()` },
      )
      .where(eq(payments.id, paymentId))
    const after = toAdminPayment(await findPayment(tx, paymentId))
    await writeAudit(tx, admin, {
      action: 'payment.refund',
      entity: 'payment',
      entityId: String(paymentId),
      before: {
        status: before.status,
        refundedCredits: before.refundedCredits - claimed.credits,
        refundedAmount: (Math.round(before.refundedAmount * 100) - claimed.amountCents) / 100,
      },
      after: {
        status: after.status,
        refundedAt: after.refundedAt,
        refundedCredits: after.refundedCredits,
        refundedAmount: after.refundedAmount,
        creditsRemoved: take,
        providerRefundId: made.id,
        resumed,
      },
      reason: claimed.reason,
    })
    return resultOf(after, { ...claimed, creditsRemoved: take }, take, resumed)
  })
}

const resultOf = (
  payment: RefundResult['payment'],
  refund: Refund,
  creditsRemoved: number,
  resumed: boolean,
): RefundResult => ({
  payment,
  refund: {
    id: refund.id,
    credits: refund.credits,
    amount: refund.amountCents / 100,
    providerRefundId: refund.providerRefundId,
  },
  creditsRemoved,
  resumed,
})
