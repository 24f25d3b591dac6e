import { randomInt, randomUUID } from 'node:crypto'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  type CreatePaymentInput,
  type CreateSubscriptionInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderAuthorizedPayment,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderSubscription,
  type RefundInput,
} from '../provider'
import { sandboxRecords } from '../schema'
import type { Outcome } from './outcomes'

type Kind = (typeof sandboxRecords.$inferSelect)['kind']
type TokenRecord = Outcome & { methodId: string; lastFour: string | null; used: boolean }
type SubscriptionRecord = ProviderSubscription & {
  amount: number
  frequencyMonths: number
  payerEmail: string
}

/** What the sandbox adds to the interface: making tokens, and the actions a payer or Mercado Pago would take. */
export type SandboxProvider = PaymentProvider & {
  createToken(outcome: Outcome, methodId: string, lastFour: string | null): Promise<string>
  /** A pending payment is approved (what the settle command asks for). Returns null when it is not pending. */
  settlePayment(id: string): Promise<ProviderPayment | null>
  /** The payer authorises a subscription: its first period is charged and that charge returned. */
  authorizeSubscription(id: string): Promise<ProviderAuthorizedPayment | null>
}

const newPaymentId = () => String(randomInt(1_000_000_000, 281_474_976_710_655))

function addMonths(from: Date, months: number): Date {
  const next = new Date(from)
  next.setUTCMonth(next.getUTCMonth() + months)
  return next
}

/**
 * DESIGN 6's offline provider: Mercado Pago's test outcomes without Mercado Pago, its records in the database.
 * The app refuses it in production (config.ts).
 */
export function createSandboxProvider(db: Db, options: { baseUrl: string }): SandboxProvider {
  const read = async <T>(kind: Kind, id: string): Promise<T | null> => {
    const [row] = await db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, kind), eq(sandboxRecords.id, id)))
    return (row?.data as T | undefined) ?? null
  }
  const write = async (kind: Kind, id: string, data: object) => {
    await db
      .insert(sandboxRecords)
      .values({ kind, id, data: data as Record<string, unknown> })
      .onConflictDoUpdate({
        target: [sandboxRecords.kind, sandboxRecords.id],
        set: { data: sql`excluded.data` },
      })
  }

  /**
   * Changes a record only while `condition` still holds, in one statement: of two requests racing for the same
   * token, payment or subscription, the row lock lets exactly one see the condition true (the other re-reads the
   * updated row and changes nothing). Returns the record as changed, or null when the condition no longer held.
   */
  const claim = async <T>(kind: Kind, id: string, condition: SQL, patch: object): Promise<T | null> => {
    const [row] = await db
      .update(sandboxRecords)
      .set({ data: sql`${sandboxRecords.data} || ${JSON.stringify(patch)}::jsonb` })
      .where(and(eq(sandboxRecords.kind, kind), eq(sandboxRecords.id, id), condition))
      .returning({ data: sandboxRecords.data })
    return (row?.data as T | undefined) ?? null
  }
  const status = sql`${sandboxRecords.data}->>'status'`

  async function charge(
    outcome: Outcome,
    fields: Omit<ProviderPayment, 'id' | 'status' | 'statusDetail'>,
  ): Promise<ProviderPayment> {
    const payment: ProviderPayment = { id: newPaymentId(), ...outcome, ...fields }
    await write('payment', payment.id, payment)
    return payment
  }

  return {
    kind: 'sandbox',

    async createToken(outcome, methodId, lastFour) {
      const id = `sbx_${randomUUID().replaceAll('-', '')}`
      await write('token', id, { ...outcome, methodId, lastFour, used: false } satisfies TokenRecord)
      return id
    },

    async createPayment(input: CreatePaymentInput) {
      // Like Mercado Pago: the same idempotency key answers with the payment it already made.
      const earlier = await read<{ paymentId: string }>('idempotency', input.idempotencyKey)
      if (earlier) {
        const payment = await read<ProviderPayment>('payment', earlier.paymentId)
        if (payment) return payment
      }
      // Mercado Pago tokens are single-use: the token is claimed, not read then marked, so ten payments sent at
      // once with one token make one charge. A token of the wrong kind (Yape for a card) is left unused.
      const isYape = sql`${sandboxRecords.data}->>'methodId' = 'yape'`
      const token = await claim<TokenRecord>(
        'token',
        input.token,
        and(
          sql`not coalesce((${sandboxRecords.data}->>'used')::boolean, false)`,
          input.methodId === 'yape' ? isYape : sql`not (${isYape})`,
        )!,
        { used: true },
      )
      if (!token) {
        const unclaimed = await read<TokenRecord>('token', input.token)
        if (unclaimed && !unclaimed.used)
          throw new PaymentProviderError('El token no corresponde al medio de pago', 400, 'bad_configuration')
        throw new PaymentProviderError('Token de tarjeta inválido o ya usado', 400, 'invalid_card')
      }
      const outcome: Outcome =
        input.installments !== 1
          ? { status: 'rejected', statusDetail: 'cc_rejected_invalid_installments' }
          : token
      const payment = await charge(
        { status: outcome.status, statusDetail: outcome.statusDetail },
        {
          amount: input.amount,
          currency: 'PEN',
          methodId: token.methodId,
          externalReference: input.externalReference,
          subscriptionId: null,
        },
      )
      await write('idempotency', input.idempotencyKey, { paymentId: payment.id })
      return payment
    },

    getPayment: (id) => read<ProviderPayment>('payment', id),

    async findPayments(externalReference) {
      const rows = await db
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(
          and(
            eq(sandboxRecords.kind, 'payment'),
            sql`${sandboxRecords.data}->>'externalReference' = ${externalReference}`,
          ),
        )
        .orderBy(sandboxRecords.createdAt)
      return rows.map((r) => r.data as ProviderPayment)
    },

    settlePayment: (id) =>
      claim<ProviderPayment>('payment', id, sql`${status} in ('in_process', 'pending')`, {
        status: 'approved',
        statusDetail: 'accredited',
      }),

    async createSubscription(input: CreateSubscriptionInput) {
      const id = `sbx-sub-${randomUUID()}`
      const subscription: SubscriptionRecord = {
        id,
        status: 'pending',
        initPoint: `${options.baseUrl}/api/payment/sandbox/subscriptions/${id}`,
        externalReference: input.externalReference,
        nextPaymentDate: null,
        amount: input.amount,
        frequencyMonths: input.frequencyMonths,
        payerEmail: input.payerEmail,
      }
      await write('subscription', id, subscription)
      return subscription
    },

    getSubscription: (id) => read<SubscriptionRecord>('subscription', id),

    async cancelSubscription(id) {
      const subscription = await read<SubscriptionRecord>('subscription', id)
      if (!subscription) throw new PaymentProviderError('Suscripción no encontrada', 404, 'not_found')
      const cancelled = { ...subscription, status: 'cancelled', nextPaymentDate: null }
      await write('subscription', id, cancelled)
      return cancelled
    },

    async authorizeSubscription(id) {
      const pending = await read<SubscriptionRecord>('subscription', id)
      if (pending?.status !== 'pending') return null
      // Claimed like a token: of two 'Autorizar' clicks at once, one charges the first period, the other nothing.
      const subscription = await claim<SubscriptionRecord>('subscription', id, sql`${status} = 'pending'`, {
        status: 'authorized',
        nextPaymentDate: addMonths(new Date(), pending.frequencyMonths).toISOString(),
      })
      if (!subscription) return null
      const payment = await charge(
        { status: 'approved', statusDetail: 'accredited' },
        {
          amount: subscription.amount,
          currency: 'PEN',
          methodId: 'visa',
          externalReference: subscription.externalReference,
          subscriptionId: id,
        },
      )
      const authorized: ProviderAuthorizedPayment = {
        id: newPaymentId(),
        subscriptionId: id,
        status: 'processed',
        payment: { id: payment.id, status: payment.status, statusDetail: payment.statusDetail },
        amount: subscription.amount,
      }
      await write('authorized_payment', authorized.id, authorized)
      return authorized
    },

    async refundPayment(input: RefundInput): Promise<ProviderRefund> {
      // Like Mercado Pago: the same idempotency key answers the refund already made.
      const earlier = await read<ProviderRefund>('idempotency', `refund:${input.idempotencyKey}`)
      if (earlier) return earlier
      const payment = await read<ProviderPayment & { refunded?: number }>('payment', input.paymentId)
      if (!payment) throw new PaymentProviderError('Pago no encontrado en el sandbox', 404, 'not_found')
      const refunded = payment.refunded ?? 0
      const left = Math.round((payment.amount - refunded) * 100) / 100
      const amount = input.amount ?? left
      if (!(amount > 0) || amount > left)
        throw new PaymentProviderError(
          'El monto a devolver supera lo que queda del pago',
          400,
          'invalid_amount',
        )
      const after = Math.round((refunded + amount) * 100) / 100
      // Claimed on the amount still refunded, so two refunds at once cannot both pass the check above.
      const claimed = await claim<ProviderPayment>(
        'payment',
        input.paymentId,
        and(
          sql`${status} = 'approved'`,
          sql`coalesce((${sandboxRecords.data}->>'refunded')::numeric, 0) = ${refunded}`,
        )!,
        after >= payment.amount
          ? { refunded: after, status: 'refunded', statusDetail: 'refunded' }
          : { refunded: after, statusDetail: 'partially_refunded' },
      )
      if (!claimed)
        throw new PaymentProviderError('El pago no admite este reembolso ahora', 400, 'invalid_status')
      const refund: ProviderRefund = {
        id: newPaymentId(),
        paymentId: input.paymentId,
        amount,
        status: 'approved',
      }
      await write('idempotency', `refund:${input.idempotencyKey}`, refund)
      return refund
    },

    getAuthorizedPayment: (id) => read<ProviderAuthorizedPayment>('authorized_payment', id),
  }
}
