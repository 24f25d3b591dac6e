/**
 * When the recovery passes run, all derived from AGENT_TIMEOUT_MS (docs/decisions/0012). A reservation is
 * refunded once it is older than the agent's limit plus a grace (its own request normally refunds it first), and
 * a pass runs every tenth of the limit (2 to 30 s): none outlives `reservationLimitMs`, plus a pass's own time.
 */
export type RecoveryTimings = {
  /** Between two reservation sweeps. */
  sweepEveryMs: number
  /** A reservation older than this is refunded as a timeout. */
  staleAfterMs: number
  /** Between two payment reconciliations (their first runs at start). */
  reconcileEveryMs: number
  /** An attempt the provider never confirmed is given up after this. */
  attemptMaxAgeMs: number
}

/** Leaves the request that owns a reservation time to settle it itself after its own deadline fired. */
export const STALE_GRACE_MS = 1000
export const MIN_SWEEP_MS = 2000
export const MAX_SWEEP_MS = 30_000
/** Provider look-ups cost a request each: a minute apart is soon enough for what a webhook did not bring. */
export const RECONCILE_EVERY_MS = 60_000
/** Mercado Pago's Yape and card payments settle within minutes; a day covers a slow contingency review. */
export const ATTEMPT_MAX_AGE_MS = 24 * 60 * 60 * 1000

export function recoveryTimings(agentTimeoutMs: number): RecoveryTimings {
  const sweepEveryMs = Math.min(MAX_SWEEP_MS, Math.max(MIN_SWEEP_MS, Math.round(agentTimeoutMs / 10)))
  return {
    sweepEveryMs,
    staleAfterMs: agentTimeoutMs + STALE_GRACE_MS,
    reconcileEveryMs: Math.max(sweepEveryMs, RECONCILE_EVERY_MS),
    attemptMaxAgeMs: ATTEMPT_MAX_AGE_MS,
  }
}

/** The longest a reservation can stay taken after its consultation started, one pass's run time aside. */
export function reservationLimitMs(t: RecoveryTimings): number {
  return t.staleAfterMs + t.sweepEveryMs
}
