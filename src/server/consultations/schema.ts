import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { SourceItem } from '../../shared/search-schemas'
import { user } from '../db/auth-schema'

/**
 * Who owns a chat session id. The browser makes the ids; the first consultation claims one for its user, so
 * no one can read or write into another user's session by guessing it.
 */
export const consultationSessions = pgTable('consultation_sessions', {
  sessionId: text('session_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One question to an agent and what came of it; its id is the spec's history_id. `state` is the money
 * (reserved → charged | refunded, each transition once), `outcome` what the agent did.
 */
export const consultations = pgTable(
  'consultations',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    agentId: text('agent_id').notNull(),
    countryCode: text('country_code').notNull(),
    question: text('question').notNull(),
    answer: text('answer'),
    contextLeyes: jsonb('context_leyes').$type<SourceItem[]>().notNull().default(sql`'[]'::jsonb`),
    contextSentencias: jsonb('context_sentencias').$type<SourceItem[]>().notNull().default(sql`'[]'::jsonb`),
    cost: integer('cost').notNull(),
    state: text('state', { enum: ['reserved', 'charged', 'refunded'] })
      .notNull()
      .default('reserved'),
    outcome: text('outcome', { enum: ['pending', 'answered', 'skipped', 'failed', 'timeout'] })
      .notNull()
      .default('pending'),
    /** Why it failed, for the logs and support; never database detail. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('consultations_user_session_idx').on(t.userId, t.sessionId, t.createdAt)],
)

/**
 * Spec §3 partial answer record, kept under the original's table name so an existing n8n workflow that writes
 * here reaches the browser unchanged. A trigger announces each row (see the events module).
 */
export const n8nPartialAnswers = pgTable(
  'n8n_partial_answers',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    partialAnswer: text('partial_answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('n8n_partial_answers_session_idx').on(t.sessionId, t.id)],
)
