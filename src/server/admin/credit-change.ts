import { USER_MESSAGES } from '../../shared/admin/users'
import { ServiceError } from '../../shared/errors'
import { type Actor, adminGrantInTx, deductInTx, getSummary, type Tx } from '../credits/ledger'
import { type AuditActor, writeAudit } from './audit'

/**
 * An operator's (or an internal service's) change of one balance, inside the caller's transaction: the balance, its
 * ledger row (who, why) and its audit row (before → after), or nothing when a deduction exceeds the balance. The
 * console's user page and the credit routes (/api/admin/credits, /api/credits) all change balances through it.
 */
export async function changeCredits(
  tx: Tx,
  audit: AuditActor,
  input: { userId: string; operation: 'grant' | 'deduct'; amount: number; actor: Actor; reason?: string },
) {
  const { userId, amount, actor, reason } = input
  const before = await getSummary(tx, userId)
  const moved =
    input.operation === 'grant'
      ? await adminGrantInTx(tx, { userId, amount, actor, reason })
      : await deductInTx(tx, { userId, amount, actor, reason })
  if (!moved)
    throw new ServiceError('INSUFFICIENT_CREDITS', USER_MESSAGES.insufficient, {
      required: amount,
      remaining: before.remaining_credits,
    })
  await writeAudit(tx, audit, {
    action: `credits.${input.operation}`,
    entity: 'credits',
    entityId: userId,
    before: { remaining: before.remaining_credits, total: before.total_credits },
    after: {
      remaining: moved.summary.remaining_credits,
      total: moved.summary.total_credits,
      amount: input.operation === 'grant' ? amount : -amount,
      ledgerEntryId: moved.ledgerId,
    },
    reason: reason ?? null,
  })
  return moved
}
