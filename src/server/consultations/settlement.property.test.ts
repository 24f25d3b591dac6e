import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCredits } from '../credits/ledger'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import { user } from '../db/auth-schema'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { chargeConsultation, refundConsultation, reserveConsultation } from './settlement'

type Op =
  | { kind: 'grant'; amount: number }
  | { kind: 'reserve'; cost: number }
  | { kind: 'charge'; pick: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'settleTwice'; pick: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('reserve' as const), cost: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('charge' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('settleTwice' as const), pick: fc.nat() }),
)

describe.each(BACKENDS)('credits ledger properties on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const balance = async (userId: string) => {
    const [s] = await t.db.select().from(userCreditsSummary).where(eq(userCreditsSummary.userId, userId))
    const [l] = await t.db
      .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
    return { remaining: s?.remainingCredits ?? 0, ledger: l?.sum ?? 0, messages: s?.messagesSent ?? 0 }
  }

  it('keeps the balance ≥ 0 and equal to the ledger through any interleaving of reserve, charge and refund', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const userId = `u-${randomUUID()}`
        await t.db.insert(user).values({ id: userId, name: 'p', email: `${userId}@ejemplo.pe` })
        const open: number[] = []
        let model = 0
        let charged = 0
        for (const o of ops) {
          if (o.kind === 'grant') {
            await grantCredits(t.db, { userId, amount: o.amount, kind: 'admin' })
            model += o.amount
          } else if (o.kind === 'reserve') {
            const { id } = await reserveConsultation(t.db, {
              userId,
              sessionId: `s-${userId}`,
              agentId: 'general',
              countryCode: 'PE',
              question: 'q',
              cost: o.cost,
            })
            expect(id !== null).toBe(model >= o.cost)
            if (id !== null) {
              model -= o.cost
              open.push(id)
            }
          } else if (open.length > 0) {
            const id = open.splice(o.pick % open.length, 1)[0]!
            const [row] = await t.db
              .select({ cost: sql<number>`cost` })
              .from(sql`consultations`)
              .where(sql`id = ${id}`)
            if (o.kind === 'charge') {
              expect(
                await chargeConsultation(t.db, id, { answer: 'a', contextLeyes: [], contextSentencias: [] }),
              ).not.toBeNull()
              charged++
            } else if (o.kind === 'refund') {
              expect(await refundConsultation(t.db, id, 'failed')).toBe(true)
              model += row!.cost
            } else {
              // Two settlements racing for the same consultation: exactly one wins.
              const results = await Promise.all([
                refundConsultation(t.db, id, 'timeout'),
                chargeConsultation(t.db, id, { answer: 'a', contextLeyes: [], contextSentencias: [] }),
              ])
              expect(results.filter(Boolean)).toHaveLength(1)
              if (results[0]) model += row!.cost
              else charged++
            }
            // A settled consultation never settles again.
            expect(await refundConsultation(t.db, id, 'failed')).toBe(false)
          }
          const b = await balance(userId)
          expect(b.remaining).toBeGreaterThanOrEqual(0)
          expect(b.remaining).toBe(b.ledger)
          expect(b.remaining).toBe(model)
          expect(b.messages).toBe(charged)
        }
      }),
      { numRuns: 25 },
    )
  }, 120_000)

  it('counts a referenced grant once, even when repeated concurrently', async () => {
    const userId = `u-${randomUUID()}`
    await t.db.insert(user).values({ id: userId, name: 'p', email: `${userId}@ejemplo.pe` })
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        grantCredits(t.db, { userId, amount: 10, kind: 'purchase', reference: `mp:${userId}` }),
      ),
    )
    expect(results.filter((r) => r.granted)).toHaveLength(1)
    expect(await balance(userId)).toMatchObject({ remaining: 10, ledger: 10 })
    await expect(grantCredits(t.db, { userId, amount: 0, kind: 'admin' })).rejects.toThrow(
      'La cantidad a añadir debe ser mayor que cero',
    )
  })
})
