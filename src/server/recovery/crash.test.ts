import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleServer, crashRound, type ScenarioResult } from '../test/crash-scenario'
import { missing, postgres } from '../test/requirements'

const AGENT_TIMEOUT_MS = 3000
/** What a busy two-core machine may add to a pass on top of the bound (the pass's own run time). */
const SLACK_MS = 1500

// A real server process, SIGKILLed: only a PostgreSQL server outlives it to be looked at (CI sets the URL).
describe.skipIf(missing(postgres()))(
  'a server killed mid-consultation and mid-payment, restarted once',
  () => {
    let bundle: Awaited<ReturnType<typeof bundleServer>>
    let r: ScenarioResult
    beforeAll(async () => {
      bundle = await bundleServer()
      r = await crashRound({
        bundle: bundle.file,
        agentTimeoutMs: AGENT_TIMEOUT_MS,
        consultations: 20,
        cardPayments: 30,
      })
    }, 300_000) // two starts (each bounded by crash-scenario's START_LIMIT_MS) and the wait for recovery
    afterAll(() => bundle?.remove())

    it('died with reservations taken and approved payments nobody had recorded', () => {
      // Without this the rest would prove nothing: the kill must have cut work in flight.
      expect(r.reservedAtCrash).toBe(20)
      expect(r.approvedAtProvider).toBeGreaterThan(0)
      expect(r.unrecordedAtCrash).toBeGreaterThan(0)
    })

    it('refunds every reservation within AGENT_TIMEOUT_MS plus the margin once up again, once each, without a second restart', () => {
      expect(r.consultationRows).toHaveLength(20)
      for (const row of r.consultationRows) {
        expect(row).toMatchObject({ state: 'refunded', outcome: 'timeout', refundRows: 1 })
        // At the first sweep after both its staleness and the restart: how long the restart took is the machine's.
        expect(row.lateMs).toBeLessThanOrEqual(r.sweepEveryMs + SLACK_MS)
      }
      expect(r.reservationLimitMs).toBeLessThan(AGENT_TIMEOUT_MS + 4000)
      expect(r.consultant.remaining).toBe(r.consultant.initial)
      expect(r.consultant.ledgerSum).toBe(r.consultant.remaining)
    })

    it('credits every payment the provider approved exactly once', () => {
      expect([...r.payer.credited].sort()).toEqual([...r.payer.approved].sort())
      expect(r.payer.purchaseRowsPerPayment.every((n) => n === 1)).toBe(true)
      expect(r.payer.remaining).toBe(r.payer.welcome + r.payer.approved.length * r.payer.planCredits)
      expect(r.payer.ledgerSum).toBe(r.payer.remaining)
    })

    it('closes cleanly on SIGTERM with its recovery timers running', () => {
      expect(r.cleanExit, r.output).toBe(0)
    })
  },
)
