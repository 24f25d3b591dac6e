import type { Logger } from '../../shared/logger'
import { refundStaleReservations } from '../consultations/settlement'
import type { Db } from '../db/client'
import type { PaymentDeps } from '../payments/deps'
import { PaymentProviderError } from '../payments/provider'
import { reconcilePayments } from '../payments/reconcile'
import type { RecoveryTimings } from './timings'

export type RecoveryDeps = {
  db: Db
  logger: Logger
  /** null: no payment reconciliation (tests that only care about reservations). */
  payments: PaymentDeps | null
  timings: RecoveryTimings
}

export type Recovery = {
  /** Clears the timers and waits for a pass in progress: nothing runs after it resolves. */
  stop(): Promise<void>
}

/** What a failed pass may log: never a database error's message (it carries the SQL and its parameters). */
function failureDetail(error: unknown) {
  if (error instanceof PaymentProviderError)
    return { kind: error.name, status: error.status, code: error.code }
  const e = error as { name?: unknown; code?: unknown; cause?: { code?: unknown } }
  return { kind: typeof e?.name === 'string' ? e.name : 'Error', code: e?.cause?.code ?? e?.code ?? null }
}

/**
 * A task run every `everyMs` (the first run after `firstInMs`), never overlapping itself: a run longer than the
 * period is followed at once by the next. Timers are unref'd (they never keep a process alive); stop() aborts the
 * run's signal (a long pass ends at its next step) and awaits it, so a closing server leaves nothing behind.
 */
function repeat(run: (signal: AbortSignal) => Promise<void>, everyMs: number, firstInMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  const stopping = new AbortController()
  const schedule = (ms: number) => {
    if (stopping.signal.aborted) return
    timer = setTimeout(() => {
      const started = Date.now()
      running = run(stopping.signal).finally(() => {
        running = undefined
        // Start to start, so a pass's own time does not push every later one back.
        schedule(Math.max(0, everyMs - (Date.now() - started)))
      })
    }, ms)
    timer.unref()
  }
  schedule(firstInMs)
  return async () => {
    stopping.abort()
    clearTimeout(timer)
    await running
  }
}

/**
 * DESIGN 3 and 6 after a crash (docs/decisions/0012): on every instance, reservations older than the agent's
 * limit are refunded and payment attempts are reconciled with the provider, periodically. Each refund and each
 * credit is one conditional transaction, so any number of instances may sweep the same database at once.
 * The start-up reservation pass is the server's own (startServer awaits it before serving); the first payment
 * pass runs at once, in the background, since the provider may be slow.
 */
export function startRecovery(deps: RecoveryDeps): Recovery {
  const { db, logger, payments, timings } = deps
  const sweep = repeat(
    async () => {
      try {
        const refunded = await refundStaleReservations(db, timings.staleAfterMs)
        if (refunded) logger.warn(`Se devolvieron los créditos de ${refunded} consultas sin respuesta`)
      } catch (error) {
        logger.error('Falló la devolución de reservas vencidas', failureDetail(error))
      }
    },
    timings.sweepEveryMs,
    timings.sweepEveryMs,
  )
  let first = true
  const reconcile = payments
    ? repeat(
        async (signal) => {
          // At start no request of this instance is alive: every open attempt is looked at, however young.
          const minAgeMs = first ? 0 : timings.reconcileEveryMs
          first = false
          try {
            const r = await reconcilePayments(payments, {
              minAgeMs,
              maxAgeMs: timings.attemptMaxAgeMs,
              signal,
            })
            // Each credit and each give-up logs its own line; the pass itself only at DEBUG.
            if (r.checked) logger.debug('Conciliación de pagos', r)
          } catch (error) {
            logger.error('Falló la conciliación de pagos', failureDetail(error))
          }
        },
        timings.reconcileEveryMs,
        0,
      )
    : null
  return {
    async stop() {
      await Promise.all([sweep(), reconcile?.()])
    },
  }
}
