import { eq, sql } from 'drizzle-orm'
import type { CreditSummary } from '../../shared/credits-schemas'
import type { Db } from '../db/client'
import { creditLedger, userCreditsSummary } from './schema'

/** A transaction handle: every balance change below runs inside one, with its ledger row. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Movement = (typeof creditLedger.$inferInsert)['kind']
/** Who changed a balance by hand: an admin account or an internal service (stored on the ledger row). */
export type Actor = `admin:${string}` | 'service'

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
  entry: { userId: string; amount: number; kind: Movement; consultationId?: number; actor?: Actor },
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

type Grant = {
  userId: string
  amount: number
  kind: 'welcome' | 'purchase' | 'admin'
  reference?: string
  actor?: Actor
}

/**
 * Inside the caller's transaction: adds credits the server decided on, once per `reference` — the ledger row goes
 * first and its unique reference turns a repeated or concurrent grant of the same event into a no-op.
 */
export async function creditOnce(tx: Tx, grant: Grant): Promise<boolean> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0) throw new RangeError(ADD_AMOUNT_MESSAGE)
  const inserted = await tx
    .insert(creditLedger)
    .values({
      userId: grant.userId,
      amount: grant.amount,
      kind: grant.kind,
      reference: grant.reference,
      actor: grant.actor,
    })
    .onConflictDoNothing({ target: creditLedger.reference })
    .returning({ id: creditLedger.id })
  if (inserted.length === 0) return false
  await raiseSummary(tx, grant.userId, grant.amount, true)
  return true
}

/** Adds credits the server decided on (a welcome grant, an admin) in their own transaction; see creditOnce. */
export async function grantCredits(
  db: Db,
  grant: Grant,
): Promise<{ granted: boolean; summary: CreditSummary }> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0) throw new RangeError(ADD_AMOUNT_MESSAGE)
  return db.transaction(async (tx) => {
    const granted = await creditOnce(tx, grant)
    return { granted, summary: await getSummary(tx, grant.userId) }
  })
}

export const DEDUCT_AMOUNT_MESSAGE = 'La cantidad a deducir debe ser mayor que cero'

/**
 * Inside the caller's transaction: takes credits away with one conditional update that never lets the balance go
 * below zero, and writes its ledger row (an operator's deduction, or a refunded payment's credits taken back once
 * per `reference`). Returns null, having written nothing, when the balance is short or the reference was used.
 */
export async function deductInTx(
  tx: Tx,
  input: {
    userId: string
    amount: number
    kind?: 'admin' | 'payment_refund'
    reference?: string
    actor?: Actor
    reason?: string
  },
): Promise<{ summary: CreditSummary; ledgerId: number } | null> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new RangeError(DEDUCT_AMOUNT_MESSAGE)
  const [row] = await tx
    .update(userCreditsSummary)
    .set({
      remainingCredits: sql`${userCreditsSummary.remainingCredits} - ${input.amount}`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${userCreditsSummary.userId} = ${input.userId} and ${userCreditsSummary.remainingCredits} >= ${input.amount}`,
    )
    .returning()
  if (!row) return null
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      userId: input.userId,
      amount: -input.amount,
      kind: input.kind ?? 'admin',
      reference: input.reference,
      actor: input.actor,
      reason: input.reason,
    })
    .returning({ id: creditLedger.id })
  return { summary: toSummary(row), ledgerId: entry!.id }
}

/**
 * Inside the caller's transaction: an operator's grant, with its reason; the id of its ledger row. Each call is
 * its own grant (no reference): the console's audit row names it.
 */
export async function adminGrantInTx(
  tx: Tx,
  input: { userId: string; amount: number; actor: Actor; reason?: string },
): Promise<{ summary: CreditSummary; ledgerId: number }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new RangeError(ADD_AMOUNT_MESSAGE)
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      userId: input.userId,
      amount: input.amount,
      kind: 'admin',
      actor: input.actor,
      reason: input.reason,
    })
    .returning({ id: creditLedger.id })
  await raiseSummary(tx, input.userId, input.amount, true)
  return { summary: await getSummary(tx, input.userId), ledgerId: entry!.id }
}

/** An admin or service takes credits away in its own transaction; see deductInTx. */
export async function deductCredits(
  db: Db,
  input: { userId: string; amount: number; reference?: string; actor?: Actor },
): Promise<CreditSummary | null> {
  return db.transaction(async (tx) => (await deductInTx(tx, input))?.summary ?? null)
}
