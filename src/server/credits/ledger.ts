import { eq, sql } from 'drizzle-orm'
import type { CreditSummary } from '../../shared/credits-schemas'
import type { Db } from '../db/client'
import { creditLedger, userCreditsSummary } from './schema'

/** A transaction handle: every balance change below runs inside one, with its ledger row. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Movement = (typeof creditLedger.$inferInsert)['kind']

export const ADD_AMOUNT_MESSAGE = 'La cantidad a añadir debe ser mayor que cero'

export function toSummary(row: typeof userCreditsSummary.$inferSelect): CreditSummary {
  return {
    remaining_credits: row.remainingCredits,
    total_credits: row.totalCredits,
    messages_sent: row.messagesSent,
    updated_at: row.updatedAt.toISOString(),
    user_id: row.userId,
  }
}

/** The caller's summary; zeros when they have no row yet (spec §4: credits default to 0). */
export async function getSummary(db: Db | Tx, userId: string): Promise<CreditSummary> {
  const [row] = await db.select().from(userCreditsSummary).where(eq(userCreditsSummary.userId, userId))
  return row
    ? toSummary(row)
    : {
        remaining_credits: 0,
        total_credits: 0,
        messages_sent: 0,
        updated_at: new Date().toISOString(),
        user_id: userId,
      }
}

async function recordMovement(
  tx: Tx,
  entry: { userId: string; amount: number; kind: Movement; consultationId?: number },
): Promise<void> {
  await tx.insert(creditLedger).values(entry)
}

/** Gives `amount` back or adds it; purchases and grants also raise the total. */
async function raiseSummary(tx: Tx, userId: string, amount: number, raisesTotal: boolean): Promise<void> {
  const total = raisesTotal ? amount : 0
  await tx
    .insert(userCreditsSummary)
    .values({ userId, remainingCredits: amount, totalCredits: total })
    .onConflictDoUpdate({
      target: userCreditsSummary.userId,
      set: {
        remainingCredits: sql`${userCreditsSummary.remainingCredits} + ${amount}`,
        totalCredits: sql`${userCreditsSummary.totalCredits} + ${total}`,
        updatedAt: sql`now()`,
      },
    })
}

/** A refund of a reservation: the balance back, not the total. */
export async function refundToBalance(
  tx: Tx,
  userId: string,
  amount: number,
  consultationId: number,
): Promise<void> {
  if (amount > 0) await raiseSummary(tx, userId, amount, false)
  await recordMovement(tx, { userId, amount, kind: 'refund', consultationId })
}

/**
 * Adds credits the server decided on (a welcome grant, a verified payment, an admin). With a `reference`, the same
 * outside event counts once: a second call finds the ledger row and changes nothing.
 */
export async function grantCredits(
  db: Db,
  grant: { userId: string; amount: number; kind: 'welcome' | 'purchase' | 'admin'; reference?: string },
): Promise<{ granted: boolean; summary: CreditSummary }> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0) throw new RangeError(ADD_AMOUNT_MESSAGE)
  return db.transaction(async (tx) => {
    // The ledger row first: its unique reference makes a concurrent or repeated grant of the same event a no-op.
    const inserted = await tx
      .insert(creditLedger)
      .values({ userId: grant.userId, amount: grant.amount, kind: grant.kind, reference: grant.reference })
      .onConflictDoNothing({ target: creditLedger.reference })
      .returning({ id: creditLedger.id })
    if (inserted.length === 0) return { granted: false, summary: await getSummary(tx, grant.userId) }
    await raiseSummary(tx, grant.userId, grant.amount, true)
    return { granted: true, summary: await getSummary(tx, grant.userId) }
  })
}
