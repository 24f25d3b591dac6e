import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { consultations } from '../consultations/schema'
import { user } from '../db/auth-schema'

/** Spec §3 Feedback: one rating per history id (a later rating replaces the earlier one). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    historyId: integer('history_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    feedbackValue: text('feedback_value', { enum: ['positive', 'negative'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator console's 'revisado' state (docs/decisions/0024). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('feedback_history_idx').on(t.historyId), index('feedback_user_idx').on(t.userId)],
)
