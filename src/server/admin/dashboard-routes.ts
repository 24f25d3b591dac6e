import { type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { DASHBOARD_MESSAGES, type Dashboard, dashboardQuerySchema } from '../../shared/admin/dashboard'
import { ServiceError } from '../../shared/errors'
import { agents } from '../agents/schema'
import { consultations } from '../consultations/schema'
import { creditLedger } from '../credits/schema'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import { queryRows } from '../db/query'
import { payments } from '../payments/schema'
import type { AdminDeps } from './deps'
import { queryOf } from './http'
import type { AdminVariables } from './require-admin'

/** Peru keeps UTC−5 all year (no daylight saving), so a Lima day is a fixed UTC window; PGlite needs no tz data. */
const LIMA_OFFSET_HOURS = 5
const DEFAULT_DAYS = 30

const limaToday = () => new Date(Date.now() - LIMA_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10)
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(day) - n * 86_400_000).toISOString().slice(0, 10)

/** Each Lima day of the range with its UTC start, so the joins below use the timestamp columns' indexes. */
const days = (from: string, to: string) => sql`(select d::date as day,
    (d::timestamp + make_interval(hours => ${LIMA_OFFSET_HOURS})) at time zone 'UTC' as start
  from generate_series(${from}::date, ${to}::date, interval '1 day') d) days`

type Daily = { date: string; value: number }

/** One query: a value per day of the range, zero on days with nothing. */
async function daily(
  db: Db,
  from: string,
  to: string,
  table: SQL,
  at: SQL,
  value: SQL,
  where: SQL = sql`true`,
) {
  const rows = await queryRows<Daily>(
    db,
    sql`select days.day::text as date, coalesce((select ${value} from ${table}
          where ${at} >= days.start and ${at} < days.start + interval '1 day' and ${where}), 0)::float8 as value
        from ${days(from, to)} order by days.day`,
  )
  return rows.map((r) => ({ date: r.date, value: Number(r.value) }))
}

/** Dashboard (issue 19 item 2): the series the console charts, each one query over the date range. */
export function adminDashboardRoutes({ database }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/dashboard', async (c) => {
    const q = queryOf(c, dashboardQuerySchema)
    const to = q.to ?? (q.from ? daysBefore(q.from, -(DEFAULT_DAYS - 1)) : limaToday())
    const from = q.from ?? daysBefore(to, DEFAULT_DAYS - 1)
    if (from > to)
      throw new ServiceError('VALIDATION_ERROR', DASHBOARD_MESSAGES.range, { to: DASHBOARD_MESSAGES.range })
    const start = sql`((${from}::date)::timestamp + make_interval(hours => ${LIMA_OFFSET_HOURS})) at time zone 'UTC'`
    const end = sql`((${to}::date + 1)::timestamp + make_interval(hours => ${LIMA_OFFSET_HOURS})) at time zone 'UTC'`
    const c_ = consultations
    const [perDay, perAgent, abstentions, sold, spent, revenue, signups] = await Promise.all([
      daily(db, from, to, sql`${c_}`, sql`${c_.createdAt}`, sql`count(*)`),
      queryRows<{ agentId: string; name: string | null; value: number }>(
        db,
        sql`select ${c_.agentId} as "agentId", max(${agents.name}) as name, count(*)::int as value
            from ${c_} left join ${agents} on ${agents.id} = ${c_.agentId}
            where ${c_.createdAt} >= ${start} and ${c_.createdAt} < ${end}
            group by ${c_.agentId} order by value desc, ${c_.agentId}`,
      ),
      daily(db, from, to, sql`${c_}`, sql`${c_.createdAt}`, sql`count(*)`, sql`${c_.outcome} = 'skipped'`),
      daily(
        db,
        from,
        to,
        sql`${creditLedger}`,
        sql`${creditLedger.createdAt}`,
        sql`sum(${creditLedger.amount})`,
        sql`${creditLedger.kind} = 'purchase'`,
      ),
      daily(
        db,
        from,
        to,
        sql`${c_}`,
        sql`${c_.createdAt}`,
        sql`sum(${c_.cost})`,
        sql`${c_.state} = 'charged'`,
      ),
      daily(
        db,
        from,
        to,
        sql`${payments}`,
        sql`${payments.creditedAt}`,
        // What was kept: each payment less the refunds made of it (partial ones too).
        sql`sum(${payments.amountCents} - (select coalesce(sum(r.amount_cents), 0) from payment_refunds r
          where r.payment_id = ${payments.id} and r.status = 'done')) / 100.0`,
      ),
      daily(db, from, to, sql`${user}`, sql`${user.createdAt}`, sql`count(*)`),
    ])
    const body: Dashboard = {
      from,
      to,
      consultationsPerDay: perDay,
      consultationsPerAgent: perAgent.map((r) => ({
        agentId: r.agentId,
        name: r.name ?? r.agentId,
        value: Number(r.value),
      })),
      abstentionsPerDay: abstentions,
      creditsSoldPerDay: sold,
      creditsSpentPerDay: spent,
      revenuePerDay: revenue,
      signupsPerDay: signups,
    }
    return c.json(body)
  })

  return app
}
