import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** Embedded mailbox: every message the product sends when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
)

/** Spec §9 application logger persistence (off unless LOG_TO_DB). */
export const applicationLogs = pgTable(
  'application_logs',
  {
    id: serial('id').primaryKey(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    level: text('level').notNull(),
    message: text('message').notNull(),
    transactionId: text('transaction_id'),
    metadata: jsonb('metadata'),
  },
  (t) => [index('application_logs_timestamp_idx').on(t.timestamp)],
)

/** Spec §3 Country; seeded with Peru active. */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    iso2: text('iso2').notNull(),
    name: text('name').notNull(),
    flag: text('flag').notNull(),
    active: boolean('active').notNull().default(false),
    /** Picker order; ties by name. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** Optimistic lock of the operator console (docs/decisions/0024). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('countries_iso2_idx').on(t.iso2)],
)
export * from '../admin/schema'
export * from '../agents/schema'
export * from '../auth/schema'
export * from '../consultations/schema'
export * from '../corpus/schema'
export * from '../credits/schema'
export * from '../feedback/schema'
export * from '../payments/schema'
export * from '../suggestions/schema'
export * from './auth-schema'
