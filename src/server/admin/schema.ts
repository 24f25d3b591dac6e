import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { user } from '../db/auth-schema'

/**
 * Who may use the operator console (docs/decisions/0024). `granted_by` is null for the start-up grant from
 * ADMIN_EMAILS; otherwise the admin who granted it.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin'] }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    grantedBy: text('granted_by'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
)

/**
 * One row per admin action, written in the same transaction as the change. Append-only: a trigger refuses
 * UPDATE and DELETE (migration 0013), and the actor is kept as text so deleting an account keeps its trail.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_entity_idx').on(t.entity, t.entityId),
  ],
)

/**
 * Re-ingestions asked from the console (docs/decisions/0027), in the database so every instance shows the one
 * running and the last result, and only one runs at a time across instances (the partial unique index). The
 * instance running it touches `heartbeat_at` every 30 s; a running row whose heartbeat stopped (its instance died)
 * is marked failed by the next request.
 */
export const corpusReingests = pgTable(
  'corpus_reingests',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    state: text('state', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    actorId: text('actor_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ingested: integer('ingested').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: jsonb('failed').$type<{ path: string; reason: string }[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex('corpus_reingests_one_running_idx').on(t.state).where(sql`${t.state} = 'running'`)],
)
