import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Spec §3 Agent. `url` decides how it runs (DESIGN 7): `builtin:<name>` is the in-process research agent,
 * `http(s)://…` an external agent with the original's contract (an n8n workflow, say).
 */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    /** 'active' is offered; anything else is hidden from the picker and refused by the consultation API. */
    status: text('status').notNull().default('active'),
    /** Credits one consultation costs. */
    credits: integer('credits').notNull(),
    /** Picker order: the first active agent is shown when the user has chosen none. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** The country whose law it answers about; null: any country (the consultation's own). */
    countryCode: text('country_code'),
    /** Optimistic lock of the operator console: an edit names the version it read (docs/decisions/0024). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agents_status_idx').on(t.status)],
)
