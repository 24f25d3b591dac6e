import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from '../db/auth-schema'

/** Spec §3 Suggestion, with who sent it and when (the rate limit counts by user). */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    suggestion: text('suggestion').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator console's 'revisado' state (docs/decisions/0024). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('suggestions_user_created_idx').on(t.userId, t.createdAt)],
)
