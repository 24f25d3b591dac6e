import { and, asc, count, desc, eq, ilike, isNotNull, isNull, max, type SQL, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  type AdminUser,
  type AdminUserDetail,
  creditChangeRequestSchema,
  type LedgerEntry,
  ledgerListQuerySchema,
  USER_MESSAGES,
  userDisableRequestSchema,
  userEnableRequestSchema,
  userListQuerySchema,
} from '../../shared/admin/users'
import { sessionCacheFor } from '../auth/session-cache'
import { consultations } from '../consultations/schema'
import { getSummary } from '../credits/ledger'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import { session, user } from '../db/auth-schema'
import type { Db } from '../db/client'
import { announceSessionsEnded } from '../events/notification'
import { jsonBody, pathParam } from '../http/validate'
import { creditPlans, subscriptions, userPlanPurchases } from '../payments/schema'
import { writeAudit } from './audit'
import { changeCredits } from './credit-change'
import type { AdminDeps } from './deps'
import { conflictError, iso, likePattern, notFound, offsetOf, pageOf, queryOf } from './http'
import type { AdminVariables } from './require-admin'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

// Table names spelled out: drizzle leaves a lone table's columns unqualified inside a subquery.
const isAdminSql = sql<boolean>`exists (select 1 from user_roles r where r.user_id = "user".id and r.role = 'admin')`
const userColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
  lastSignInAt: user.lastSignInAt,
  disabledAt: user.disabledAt,
  isAdmin: isAdminSql,
  remainingCredits: sql<number>`coalesce(${userCreditsSummary.remainingCredits}, 0)`,
}
type UserRow = { [K in keyof typeof userColumns]: unknown } & {
  id: string
  email: string
  name: string
  emailVerified: boolean
  createdAt: Date
  lastSignInAt: Date | null
  disabledAt: Date | null
}

const toAdminUser = (r: UserRow): AdminUser => ({
  id: r.id,
  email: r.email,
  name: r.name,
  emailVerified: r.emailVerified,
  createdAt: iso(r.createdAt)!,
  lastSignInAt: iso(r.lastSignInAt),
  disabledAt: iso(r.disabledAt),
  isAdmin: Boolean(r.isAdmin),
  remainingCredits: Number(r.remainingCredits),
})

async function findUser(db: Db | Tx, id: string, lock = false): Promise<AdminUser> {
  const query = db
    .select(userColumns)
    .from(user)
    .leftJoin(userCreditsSummary, eq(userCreditsSummary.userId, user.id))
    .where(eq(user.id, id))
  const [row] = lock ? await query.for('update', { of: user }) : await query
  if (!row) throw notFound(USER_MESSAGES.notFound)
  return toAdminUser(row as UserRow)
}

const toLedgerEntry = (r: typeof creditLedger.$inferSelect): LedgerEntry => ({
  id: r.id,
  amount: r.amount,
  kind: r.kind,
  consultationId: r.consultationId,
  reference: r.reference,
  actor: r.actor,
  reason: r.reason,
  createdAt: iso(r.createdAt)!,
})

/** An account id: better-auth's are short URL-safe text; anything else names no one. */
const userIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)
const userId = (c: Context) =>
  pathParam(c, 'id', userIdParam, { code: 'NOT_FOUND', message: USER_MESSAGES.notFound })

const SORTS = {
  createdAt: user.createdAt,
  email: user.email,
  lastSignInAt: user.lastSignInAt,
  credits: sql`coalesce(${userCreditsSummary.remainingCredits}, 0)`,
}

/** Users (issue 19 item 2): search, detail, credits through the ledger, confirmation mail, disable/enable. */
export function adminUserRoutes({ database, auth, config }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/users', async (c) => {
    const q = queryOf(c, userListQuerySchema)
    const filters: SQL[] = []
    if (q.q) filters.push(ilike(user.email, likePattern(q.q)))
    if (q.state === 'disabled') filters.push(isNotNull(user.disabledAt))
    if (q.state === 'active') filters.push(isNull(user.disabledAt))
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(SORTS[q.sort]) : desc(SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select(userColumns)
        .from(user)
        .leftJoin(userCreditsSummary, eq(userCreditsSummary.userId, user.id))
        .where(where)
        .orderBy(order, asc(user.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(user).where(where),
    ])
    return c.json(
      pageOf(
        rows.map((r) => toAdminUser(r as UserRow)),
        total?.n ?? 0,
        q,
      ),
    )
  })

  app.get('/users/:id', async (c) => {
    const id = userId(c)
    const found = await findUser(db, id)
    const [credits, ledger, [stats], purchases, subs] = await Promise.all([
      getSummary(db, id),
      db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, id))
        .orderBy(desc(creditLedger.id))
        .limit(50),
      db
        .select({ n: count(), last: max(consultations.createdAt) })
        .from(consultations)
        .where(eq(consultations.userId, id)),
      db
        .select({ p: userPlanPurchases, planName: creditPlans.name })
        .from(userPlanPurchases)
        .innerJoin(creditPlans, eq(creditPlans.id, userPlanPurchases.planId))
        .where(eq(userPlanPurchases.userId, id))
        .orderBy(desc(userPlanPurchases.purchaseDate)),
      db
        .select({ s: subscriptions, planName: creditPlans.name })
        .from(subscriptions)
        .innerJoin(creditPlans, eq(creditPlans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, id))
        .orderBy(desc(subscriptions.createdAt)),
    ])
    const detail: AdminUserDetail = {
      user: found,
      credits,
      ledger: ledger.map(toLedgerEntry),
      consultations: { count: stats?.n ?? 0, lastAt: iso(stats?.last) },
      purchases: purchases.map(({ p, planName }) => ({
        id: p.id,
        planId: p.planId,
        planName,
        paymentId: p.paymentId,
        purchaseDate: iso(p.purchaseDate)!,
      })),
      subscriptions: subs.map(({ s, planName }) => ({
        id: s.id,
        planId: s.planId,
        planName,
        provider: s.provider,
        providerSubscriptionId: s.providerSubscriptionId,
        status: s.status,
        currentPeriodEnd: iso(s.currentPeriodEnd),
        createdAt: iso(s.createdAt)!,
      })),
    }
    return c.json(detail)
  })

  app.get('/users/:id/ledger', async (c) => {
    const id = userId(c)
    const q = queryOf(c, ledgerListQuerySchema)
    await findUser(db, id)
    const order = q.dir === 'asc' ? asc(creditLedger.id) : desc(creditLedger.id)
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, id))
        .orderBy(order)
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, id)),
    ])
    return c.json(pageOf(rows.map(toLedgerEntry), total?.n ?? 0, q))
  })

  app.post('/users/:id/credits', async (c) => {
    const id = userId(c)
    const input = await jsonBody(c, creditChangeRequestSchema)
    const admin = c.get('admin')
    const result = await db.transaction(async (tx) => {
      await findUser(tx, id)
      const moved = await changeCredits(tx, admin, { ...input, userId: id, actor: `admin:${admin.id}` })
      return { credits: moved.summary, ledgerEntryId: moved.ledgerId }
    })
    return c.json(result)
  })

  app.post('/users/:id/resend-confirmation', async (c) => {
    const id = userId(c)
    const admin = c.get('admin')
    const found = await findUser(db, id)
    if (found.emailVerified) throw conflictError(USER_MESSAGES.alreadyVerified)
    await auth.api.sendVerificationEmail({
      body: { email: found.email, callbackURL: `${config.baseUrl}/auth/callback` },
    })
    await writeAudit(db, admin, {
      action: 'user.resend_confirmation',
      entity: 'user',
      entityId: id,
      after: { email: found.email },
    })
    return c.json({ sent: true as const })
  })

  app.post('/users/:id/disable', async (c) => {
    const id = userId(c)
    const { reason } = await jsonBody(c, userDisableRequestSchema)
    const admin = c.get('admin')
    if (id === admin.id) throw conflictError(USER_MESSAGES.self)
    const after = await db.transaction(async (tx) => {
      const before = await findUser(tx, id, true)
      if (before.disabledAt) throw conflictError(USER_MESSAGES.alreadyDisabled, { current: before })
      await tx.update(user).set({ disabledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(user.id, id))
      // Its sessions end now: a disabled account keeps no way in (sign-in is refused in auth.ts).
      const ended = await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id })
      // Every instance's session cache forgets them at the commit (nothing is announced on a rollback).
      await announceSessionsEnded(tx, id)
      const now = await findUser(tx, id)
      await writeAudit(tx, admin, {
        action: 'user.disable',
        entity: 'user',
        entityId: id,
        before: { disabledAt: before.disabledAt },
        after: { disabledAt: now.disabledAt, sessionsEnded: ended.length },
        reason,
      })
      return now
    })
    // This instance forgets them before answering, without waiting for the notification to come back.
    sessionCacheFor(auth).evictUser(id)
    return c.json(after)
  })

  app.post('/users/:id/enable', async (c) => {
    const id = userId(c)
    const { reason } = await jsonBody(c, userEnableRequestSchema)
    const admin = c.get('admin')
    const after = await db.transaction(async (tx) => {
      const before = await findUser(tx, id, true)
      if (!before.disabledAt) throw conflictError(USER_MESSAGES.alreadyEnabled, { current: before })
      await tx.update(user).set({ disabledAt: null, updatedAt: sql`now()` }).where(eq(user.id, id))
      const now = await findUser(tx, id)
      await writeAudit(tx, admin, {
        action: 'user.enable',
        entity: 'user',
        entityId: id,
        before: { disabledAt: before.disabledAt },
        after: { disabledAt: null },
        reason: reason ?? null,
      })
      return now
    })
    return c.json(after)
  })

  return app
}
