import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Per-account counters shared by every instance (docs/decisions/0012): failed sign-ins of one address and the
 * account e-mails sent to it, whatever the caller's IP. `subject` is a keyed hash of the address, never the address.
 * One atomic upsert per attempt keeps the count exact under concurrent requests.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    hits: integer('hits').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] })],
)
