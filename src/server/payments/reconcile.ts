import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { PaymentDeps } from './deps'
import { settlePayment } from './notifications'
import { PaymentProviderError, type ProviderPayment } from './provider'
import { paymentAttempts, payments } from './schema'

/** An attempt in one of these states is done: nothing at the provider can still credit it through us. */
const CLOSED_ATTEMPT = ['rejected', 'cancelled', 'refunded', 'charged_back', 'refused', 'abandoned']
/** A payment the provider may still approve. */
const OPEN_PAYMENT = ['pending', 'in_process', 'authorized']

export type ReconcileOptions = {
  /** Attempts younger than this are left to the request that made them (0 at start-up: none of ours is alive). */
  minAgeMs: number
  /** After this, an attempt the provider never confirmed is given up (logged, marked 'abandoned'). */
  maxAgeMs: number
  /** At most this many attempts looked up per pass, oldest first. */
  batch?: number
  /** A closing server aborts it: the pass stops before its next provider look-up. */
  signal?: AbortSignal
}

export type Reconciled = { checked: number; credited: number; abandoned: number }

const seconds = (ms: number) => ms / 1000

/**
 * Card and Yape attempts that may have a payment at the provider we have not recorded, or not recorded as
 * settled: a request killed (or failed) between writing its attempt and recording the provider's answer leaves
 * one 'created', 'approved' or 'error' with no payment row; a pending payment leaves its row open.
 */
async function openAttempts(deps: PaymentDeps, options: ReconcileOptions) {
  return deps.db
    .select({
      id: paymentAttempts.id,
      status: paymentAttempts.status,
      createdAt: paymentAttempts.createdAt,
      expired: sql<boolean>`${paymentAttempts.createdAt} < now() - make_interval(secs => ${seconds(options.maxAgeMs)})`,
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, deps.provider.kind),
        inArray(paymentAttempts.method, ['card', 'yape']),
        notInArray(paymentAttempts.status, CLOSED_ATTEMPT),
        sql`${paymentAttempts.createdAt} < now() - make_interval(secs => ${seconds(options.minAgeMs)})`,
        sql`not exists (select 1 from ${payments} where ${payments.attemptId} = ${paymentAttempts.id}
          and ${notInArray(payments.status, OPEN_PAYMENT)})`,
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(options.batch ?? 100)
}

/** The provider could not be asked (unreachable, refusing): nothing was recorded. */
export class ProviderLookupFailed extends Error {
  constructor(readonly error: unknown) {
    super('provider lookup failed')
  }
}

type OpenAttempt = { id: string; status: string; expired: boolean }

/**
 * What one attempt became at the provider, recorded through the same settlePayment → recordPayment the request and
 * the webhook use (so an approved payment is credited exactly once), the attempt's status brought up to date, and
 * an expired one still open given up. Throws the provider's error when it cannot be asked.
 */
export async function reconcileAttempt(
  deps: PaymentDeps,
  attempt: OpenAttempt,
): Promise<{ found: number; credited: number; abandoned: boolean }> {
  const { db, logger, provider } = deps
  let found: ProviderPayment[]
  try {
    found = await provider.findPayments(attempt.id)
  } catch (error) {
    throw new ProviderLookupFailed(error)
  }
  let credited = 0
  for (const payment of found) {
    const recorded = await settlePayment(deps, payment)
    if (recorded?.credited) {
      credited++
      logger.warn('Pago conciliado tras una interrupción: acreditado', {
        attemptId: attempt.id,
        paymentId: payment.id,
      })
    }
  }
  const latest = found.at(-1)
  if (latest && latest.status !== attempt.status) {
    await db
      .update(paymentAttempts)
      .set({ status: latest.status })
      .where(and(eq(paymentAttempts.id, attempt.id), notInArray(paymentAttempts.status, CLOSED_ATTEMPT)))
  }
  const stillOpen = found.every((p) => OPEN_PAYMENT.includes(p.status))
  let abandoned = false
  if (attempt.expired && stillOpen) {
    // Conditional on the state we read: of several instances giving up at once, one logs it.
    const gaveUp = await db
      .update(paymentAttempts)
      .set({ status: 'abandoned' })
      .where(
        and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, latest?.status ?? attempt.status)),
      )
      .returning({ id: paymentAttempts.id })
    if (gaveUp.length) {
      abandoned = true
      logger.warn('Intento de pago abandonado: el proveedor no lo confirmó a tiempo', {
        attemptId: attempt.id,
        lastStatus: latest?.status ?? attempt.status,
        paymentId: latest?.id ?? null,
      })
    }
  }
  return { found: found.length, credited, abandoned }
}

/**
 * Asks the provider what each open attempt became (by its external reference, our attempt id) and records it
 * (reconcileAttempt). Safe to run anywhere, any time, concurrently.
 */
export async function reconcilePayments(deps: PaymentDeps, options: ReconcileOptions): Promise<Reconciled> {
  const { logger } = deps
  const result: Reconciled = { checked: 0, credited: 0, abandoned: 0 }
  for (const attempt of await openAttempts(deps, options)) {
    if (options.signal?.aborted) break
    let outcome: Awaited<ReturnType<typeof reconcileAttempt>>
    try {
      outcome = await reconcileAttempt(deps, attempt)
    } catch (error) {
      if (!(error instanceof ProviderLookupFailed)) throw error
      const cause = error.error
      // The provider is unreachable or refusing: the next pass tries again, rather than hammering it now.
      logger.warn('No se pudo consultar al proveedor de pagos para conciliar', {
        status: cause instanceof PaymentProviderError ? cause.status : null,
        code: cause instanceof PaymentProviderError ? cause.code : null,
      })
      break
    }
    result.checked++
    result.credited += outcome.credited
    if (outcome.abandoned) result.abandoned++
  }
  return result
}
