import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  type AdminPlan,
  PLAN_MESSAGES,
  planCreateSchema,
  planListQuerySchema,
  planRemoveQuerySchema,
  planUpdateSchema,
} from '../../shared/admin/plans'
import { ServiceError } from '../../shared/errors'
import { int4IdParam } from '../../shared/fields'
import { jsonBody, pathParam } from '../http/validate'
import { creditPlans } from '../payments/schema'
import { writeAudit } from './audit'
import type { AdminDeps } from './deps'
import { changesOf, iso, likePattern, offsetOf, pageOf, queryOf, staleError, uniqueOr } from './http'
import type { AdminVariables } from './require-admin'
import { editVersioned } from './versioned'

type Row = typeof creditPlans.$inferSelect

/**
 * A plan is in use once anything about money names it; then it can only be retired. Written with its table names
 * spelled out: drizzle leaves a lone table's columns unqualified, and `id` inside these subqueries is theirs.
 */
const inUseSql = sql<boolean>`(exists (select 1 from payment_attempts a where a.plan_id = credit_plans.id)
  or exists (select 1 from payments p where p.plan_id = credit_plans.id)
  or exists (select 1 from user_plan_purchases u where u.plan_id = credit_plans.id)
  or exists (select 1 from subscriptions s where s.plan_id = credit_plans.id))`

export const toAdminPlan = (row: Row, inUse: boolean): AdminPlan => ({
  id: row.id,
  planId: row.planId,
  name: row.name,
  description: row.description,
  price: row.priceCents / 100,
  currency: row.currency,
  credits: row.credits,
  features: row.features,
  type: row.type,
  status: row.status,
  isOffer: row.isOffer,
  isPopular: row.isPopular,
  periodMonths: row.periodMonths,
  sortOrder: row.sortOrder,
  activeFrom: iso(row.activeFrom),
  activeUntil: iso(row.activeUntil),
  inUse,
  version: row.version,
})

const SORTS = {
  sortOrder: creditPlans.sortOrder,
  price: creditPlans.priceCents,
  name: creditPlans.name,
  credits: creditPlans.credits,
}
const idParam = int4IdParam(PLAN_MESSAGES.notFound)
const cents = (soles: number) => Math.round(soles * 100)
const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value)

type Tx = Parameters<Parameters<AdminDeps['database']['db']['transaction']>[0]>[0]
async function planInUse(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ inUse: inUseSql }).from(creditPlans).where(eq(creditPlans.id, id))
  return Boolean(row?.inUse)
}

/** Plans (issue 19 item 2): create, edit, and retire (a plan in use is never deleted). */
export function adminPlanRoutes({ database }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/plans', async (c) => {
    const q = queryOf(c, planListQuerySchema)
    const filters: SQL[] = []
    if (q.status) filters.push(eq(creditPlans.status, q.status))
    if (q.type) filters.push(eq(creditPlans.type, q.type))
    if (q.q)
      filters.push(
        or(ilike(creditPlans.planId, likePattern(q.q)), ilike(creditPlans.name, likePattern(q.q)))!,
      )
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(SORTS[q.sort]) : desc(SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select({ plan: creditPlans, inUse: inUseSql })
        .from(creditPlans)
        .where(where)
        .orderBy(order, asc(creditPlans.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(creditPlans).where(where),
    ])
    return c.json(
      pageOf(
        rows.map((r) => toAdminPlan(r.plan, Boolean(r.inUse))),
        total?.n ?? 0,
        q,
      ),
    )
  })

  app.post('/plans', async (c) => {
    const input = await jsonBody(c, planCreateSchema)
    const admin = c.get('admin')
    const { price, activeFrom, activeUntil, ...rest } = input
    const created = await db.transaction(async (tx) => {
      const [row] = await uniqueOr(
        () =>
          tx
            .insert(creditPlans)
            .values({
              ...rest,
              priceCents: cents(price),
              activeFrom: date(activeFrom),
              activeUntil: date(activeUntil),
            })
            .returning(),
        PLAN_MESSAGES.duplicate,
      )
      const view = toAdminPlan(row!, false)
      await writeAudit(tx, admin, {
        action: 'plan.create',
        entity: 'plan',
        entityId: String(view.id),
        after: view,
      })
      return view
    })
    return c.json(created, 201)
  })

  app.patch('/plans/:id', async (c) => {
    const id = pathParam(c, 'id', idParam, { code: 'NOT_FOUND', message: PLAN_MESSAGES.notFound })
    const input = await jsonBody(c, planUpdateSchema)
    const { price, activeFrom, activeUntil, ...rest } = changesOf(input)
    const updated = await editVersioned(db, {
      actor: c.get('admin'),
      version: input.version,
      notFoundMessage: PLAN_MESSAGES.notFound,
      load: async (tx) =>
        (await tx.select().from(creditPlans).where(eq(creditPlans.id, id)).for('update'))[0],
      apply: async (tx, current) => {
        // The body is checked alone by its schema; with the stored values the dates and the period must still fit.
        const from = activeFrom === undefined ? current.activeFrom : date(activeFrom)
        const until = activeUntil === undefined ? current.activeUntil : date(activeUntil)
        if (from && until && from >= until)
          throw new ServiceError('VALIDATION_ERROR', PLAN_MESSAGES.dates, {
            activeUntil: PLAN_MESSAGES.dates,
          })
        const period = rest.periodMonths === undefined ? current.periodMonths : rest.periodMonths
        if ((current.type === 'subscription') !== (period !== null))
          throw new ServiceError('VALIDATION_ERROR', PLAN_MESSAGES.periodMonths, {
            periodMonths: PLAN_MESSAGES.periodMonths,
          })
        const [row] = await tx
          .update(creditPlans)
          .set({
            ...rest,
            ...(price !== undefined && { priceCents: cents(price) }),
            ...(activeFrom !== undefined && { activeFrom: date(activeFrom) }),
            ...(activeUntil !== undefined && { activeUntil: date(activeUntil) }),
            version: sql`${creditPlans.version} + 1`,
          })
          .where(eq(creditPlans.id, id))
          .returning()
        return row!
      },
      view: async (row, tx) => toAdminPlan(row, await planInUse(tx, row.id)),
      audit: { action: 'plan.update', entity: 'plan', entityId: String(id) },
    })
    return c.json(updated)
  })

  app.delete('/plans/:id', async (c) => {
    const id = pathParam(c, 'id', idParam, { code: 'NOT_FOUND', message: PLAN_MESSAGES.notFound })
    const { version } = queryOf(c, planRemoveQuerySchema)
    const admin = c.get('admin')
    const result = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(creditPlans).where(eq(creditPlans.id, id)).for('update')
      if (!row) throw new ServiceError('NOT_FOUND', PLAN_MESSAGES.notFound)
      const inUse = await planInUse(tx, id)
      const before = toAdminPlan(row, inUse)
      if (row.version !== version) throw staleError(before)
      if (!inUse) {
        await tx.delete(creditPlans).where(eq(creditPlans.id, id))
        await writeAudit(tx, admin, { action: 'plan.delete', entity: 'plan', entityId: String(id), before })
        return { outcome: 'deleted' as const, plan: null }
      }
      const [retired] = await tx
        .update(creditPlans)
        .set({
          status: 'inactive',
          isOffer: false,
          isPopular: false,
          version: sql`${creditPlans.version} + 1`,
        })
        .where(eq(creditPlans.id, id))
        .returning()
      const after = toAdminPlan(retired!, true)
      await writeAudit(tx, admin, {
        action: 'plan.retire',
        entity: 'plan',
        entityId: String(id),
        before,
        after,
      })
      return { outcome: 'retired' as const, plan: after }
    })
    return c.json(result)
  })

  return app
}
