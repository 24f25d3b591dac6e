import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from '../db/auth-schema'

/**
 * Spec §3 credit plan. Prices are kept in céntimos (exact); the API shows soles. `credits` is what one purchase
 * grants, or one period of a subscription.
 */
export const creditPlans = pgTable(
  'credit_plans',
  {
    id: serial('id').primaryKey(),
    planId: text('plan_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('PEN'),
    currencyAlias: text('currency_alias').notNull().default('S/'),
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    type: text('type', { enum: ['prepaid', 'subscription'] })
      .notNull()
      .default('prepaid'),
    status: text('status', { enum: ['active', 'soon', 'inactive'] })
      .notNull()
      .default('active'),
    isOffer: boolean('is_offer').notNull().default(false),
    isPopular: boolean('is_popular').notNull().default(false),
    credits: integer('credits').notNull(),
    periodMonths: integer('period_months'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** When an active plan is offered; null: since always / until further notice. */
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeUntil: timestamp('active_until', { withTimezone: true }),
    /** Optimistic lock of the operator console (docs/decisions/0024). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('credit_plans_plan_id_idx').on(t.planId),
    check('credit_plans_price_positive', sql`${t.priceCents} > 0`),
    check('credit_plans_credits_positive', sql`${t.credits} > 0`),
  ],
)

/** Spec §3 user plan purchase: one row per credited payment (prepaid purchase or subscription period). */
export const userPlanPurchases = pgTable(
  'user_plan_purchases',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => creditPlans.id),
    paymentId: integer('payment_id').notNull(),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_plan_purchases_user_plan_idx').on(t.userId, t.planId),
    uniqueIndex('user_plan_purchases_payment_idx').on(t.paymentId),
  ],
)

/**
 * One try to pay a plan: who, which plan, the amount the server decided and the idempotency key sent to the
 * provider. Its id travels as the payment's external_reference, which is how a webhook finds user and plan.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => creditPlans.id),
    method: text('method', { enum: ['card', 'yape', 'subscription'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_attempts_user_idx').on(t.userId)],
)

/**
 * Every payment a provider reported, keyed by its own id: the exactly-once guard of a purchase. `creditedAt` is
 * set in the same transaction as the ledger credit and the purchase row.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    attemptId: uuid('attempt_id').references(() => paymentAttempts.id),
    subscriptionId: integer('subscription_id'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => creditPlans.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    methodId: text('method_id').notNull(),
    status: text('status').notNull(),
    statusDetail: text('status_detail').notNull().default(''),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** When the payment was refunded in full (payment_refunds holds each refund, partial ones too). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId),
  ],
)

/**
 * A refund an operator asked for (docs/decisions/0027): written `pending` before the provider is called, its id
 * is the refund's idempotency key there, and it is settled (`done`, with the ledger row of the credits taken back)
 * after the provider said yes. A pending row is what a retry after a crash resumes, so the money goes back once.
 * At most one pending refund per payment; a refused one is deleted (nothing recorded).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Credits this refund takes back from what the purchase gave (the balance may hold fewer). */
    credits: integer('credits').notNull(),
    /** Soles returned, in céntimos: the payment's amount in proportion to the credits. */
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    /** Credits actually taken from the balance at settlement (never below zero). */
    creditsRemoved: integer('credits_removed'),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_one_pending_idx').on(t.paymentId).where(sql`${t.status} = 'pending'`),
    check('payment_refunds_credits_positive', sql`${t.credits} > 0`),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
)

/** A plan paid each period (Mercado Pago preapproval). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => creditPlans.id),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
  ],
)

/**
 * The sandbox provider's own records (tokens, payments, subscriptions, authorized payments), as Mercado Pago would
 * keep them on its side: in the database so they survive a restart and the settle command can act on them.
 */
export const sandboxRecords = pgTable(
  'sandbox_records',
  {
    kind: text('kind', {
      enum: ['token', 'payment', 'subscription', 'authorized_payment', 'idempotency'],
    }).notNull(),
    id: text('id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
)
