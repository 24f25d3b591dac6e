import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from '../db/auth-schema'

/**
 * Spec §3 credit summary, one row per user (DESIGN 3). Only the credits module writes it, always in the same
 * transaction as the ledger row that explains the change; the check keeps a bug from ever showing a debt.
 */
export const userCreditsSummary = pgTable(
  'user_credits_summary',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    remainingCredits: integer('remaining_credits').notNull().default(0),
    totalCredits: integer('total_credits').notNull().default(0),
    messagesSent: integer('messages_sent').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_credits_summary_remaining_nonnegative', sql`${t.remainingCredits} >= 0`)],
)

/**
 * Every balance movement, signed: a grant or purchase adds, a reservation subtracts, a refund gives back.
 * The sum of a user's rows always equals their remaining_credits. `reference` makes an outside event (a
 * provider's payment id) count once.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: text('kind', {
      enum: ['welcome', 'reserve', 'refund', 'purchase', 'admin', 'payment_refund'],
    }).notNull(),
    consultationId: integer('consultation_id'),
    reference: text('reference'),
    /** Who changed the balance by hand: 'admin:<userId>' or 'service'; null for the server's own movements. */
    actor: text('actor'),
    /** Why an operator moved it (required in the console). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId),
    uniqueIndex('credit_ledger_reference_idx').on(t.reference),
  ],
)
