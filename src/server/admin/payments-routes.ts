import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  type AdminPaymentAttempt,
  attemptListQuerySchema,
  PAYMENT_MESSAGES,
  paymentListQuerySchema,
  refundRequestSchema,
} from '../../shared/admin/payments'
import { ServiceError } from '../../shared/errors'
import { int4IdParam } from '../../shared/fields'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import { jsonBody, pathParam } from '../http/validate'
import { ProviderLookupFailed, reconcileAttempt } from '../payments/reconcile'
import { creditPlans, paymentAttempts, payments } from '../payments/schema'
import { writeAudit } from './audit'
import type { AdminDeps } from './deps'
import { iso, likePattern, notFound, offsetOf, pageOf, queryOf } from './http'
import { refundPayment } from './payment-refund'
import { type PaymentRow, paymentColumns, toAdminPayment } from './payment-rows'
import type { AdminVariables } from './require-admin'

// Table names spelled out: drizzle leaves a lone table's columns unqualified inside a subquery.
const providerIdsSql = sql<string[]>`coalesce((select array_agg(p.provider_payment_id order by p.id)
  from payments p where p.attempt_id = payment_attempts.id), '{}')`
const attemptColumns = {
  a: paymentAttempts,
  userEmail: user.email,
  planName: creditPlans.name,
  ids: providerIdsSql,
}
type AttemptRow = {
  a: typeof paymentAttempts.$inferSelect
  userEmail: string
  planName: string
  ids: string[]
}

const toAdminAttempt = ({ a, userEmail, planName, ids }: AttemptRow): AdminPaymentAttempt => ({
  id: a.id,
  userId: a.userId,
  userEmail,
  planId: a.planId,
  planName,
  method: a.method,
  amount: a.amountCents / 100,
  provider: a.provider,
  status: a.status,
  providerPaymentIds: ids ?? [],
  createdAt: iso(a.createdAt)!,
})

async function findAttempt(db: Db, id: string) {
  const [row] = await db
    .select(attemptColumns)
    .from(paymentAttempts)
    .innerJoin(user, eq(user.id, paymentAttempts.userId))
    .innerJoin(creditPlans, eq(creditPlans.id, paymentAttempts.planId))
    .where(eq(paymentAttempts.id, id))
  if (!row) throw notFound(PAYMENT_MESSAGES.attemptNotFound)
  return row as AttemptRow
}

const PAYMENT_SORTS = { createdAt: payments.createdAt, amount: payments.amountCents, status: payments.status }
const ATTEMPT_SORTS = {
  createdAt: paymentAttempts.createdAt,
  amount: paymentAttempts.amountCents,
  status: paymentAttempts.status,
}
const paymentIdParam = int4IdParam(PAYMENT_MESSAGES.notFound)
const attemptIdParam = z.uuid()

/** Payments and purchases (issue 19 item 2): every attempt and payment, reconcile one now, record a refund. */
export function adminPaymentRoutes({ database, payments: paymentDeps }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/payments', async (c) => {
    const q = queryOf(c, paymentListQuerySchema)
    const filters: SQL[] = []
    if (q.status) filters.push(eq(payments.status, q.status))
    if (q.q)
      filters.push(
        or(ilike(payments.providerPaymentId, likePattern(q.q)), ilike(user.email, likePattern(q.q)))!,
      )
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(PAYMENT_SORTS[q.sort]) : desc(PAYMENT_SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select(paymentColumns)
        .from(payments)
        .innerJoin(user, eq(user.id, payments.userId))
        .innerJoin(creditPlans, eq(creditPlans.id, payments.planId))
        .where(where)
        .orderBy(order, desc(payments.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(payments).innerJoin(user, eq(user.id, payments.userId)).where(where),
    ])
    return c.json(pageOf((rows as PaymentRow[]).map(toAdminPayment), total?.n ?? 0, q))
  })

  app.get('/payment-attempts', async (c) => {
    const q = queryOf(c, attemptListQuerySchema)
    const filters: SQL[] = []
    if (q.status) filters.push(eq(paymentAttempts.status, q.status))
    if (q.q)
      filters.push(
        or(ilike(sql`${paymentAttempts.id}::text`, likePattern(q.q)), ilike(user.email, likePattern(q.q)))!,
      )
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(ATTEMPT_SORTS[q.sort]) : desc(ATTEMPT_SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select(attemptColumns)
        .from(paymentAttempts)
        .innerJoin(user, eq(user.id, paymentAttempts.userId))
        .innerJoin(creditPlans, eq(creditPlans.id, paymentAttempts.planId))
        .where(where)
        .orderBy(order, asc(paymentAttempts.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db
        .select({ n: count() })
        .from(paymentAttempts)
        .innerJoin(user, eq(user.id, paymentAttempts.userId))
        .where(where),
    ])
    return c.json(pageOf((rows as AttemptRow[]).map(toAdminAttempt), total?.n ?? 0, q))
  })

  app.post('/payment-attempts/:id/reconcile', async (c) => {
    const id = pathParam(c, 'id', attemptIdParam, {
      code: 'NOT_FOUND',
      message: PAYMENT_MESSAGES.attemptNotFound,
    })
    const admin = c.get('admin')
    const before = toAdminAttempt(await findAttempt(db, id))
    let outcome: Awaited<ReturnType<typeof reconcileAttempt>>
    try {
      // Never given up from here: the operator asked about it now, the background pass decides on age.
      outcome = await reconcileAttempt(paymentDeps, { id, status: before.status, expired: false })
    } catch (error) {
      if (error instanceof ProviderLookupFailed)
        throw new ServiceError('NETWORK_ERROR', PAYMENT_MESSAGES.providerDown, { status: 502 })
      throw error
    }
    const after = toAdminAttempt(await findAttempt(db, id))
    // The credit itself (if any) was written by the payment code, exactly once, in its own transaction; this row
    // records that an operator asked and what came of it.
    await writeAudit(db, admin, {
      action: 'payment.reconcile',
      entity: 'payment',
      entityId: id,
      before: { status: before.status, providerPaymentIds: before.providerPaymentIds },
      after: {
        status: after.status,
        providerPaymentIds: after.providerPaymentIds,
        credited: outcome.credited,
      },
    })
    return c.json({ attempt: after, found: outcome.found, credited: outcome.credited })
  })

  app.post('/payments/:id/refund', async (c) => {
    const id = pathParam(c, 'id', paymentIdParam, { code: 'NOT_FOUND', message: PAYMENT_MESSAGES.notFound })
    const input = await jsonBody(c, refundRequestSchema)
    const { provider, logger } = paymentDeps
    return c.json(await refundPayment({ db, provider, logger }, c.get('admin'), id, input))
  })

  return app
}
