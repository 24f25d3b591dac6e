import { z } from 'zod'

export const DASHBOARD_MAX_DAYS = 366

export const DASHBOARD_MESSAGES = {
  date: 'Las fechas deben tener el formato AAAA-MM-DD',
  range: `El rango debe ir de la fecha inicial a la final y cubrir como máximo ${DASHBOARD_MAX_DAYS} días`,
} as const

const day = z.iso.date({ error: DASHBOARD_MESSAGES.date })

/**
 * GET /api/admin/dashboard?from=AAAA-MM-DD&to=AAAA-MM-DD (both included, days in Lima time). Defaults: the last
 * 30 days. Each series is one query.
 */
export const dashboardQuerySchema = z.strictObject({ from: day.optional(), to: day.optional() }).refine(
  (q) => {
    if (!q.from || !q.to) return true
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000
    return days >= 0 && days < DASHBOARD_MAX_DAYS
  },
  { message: DASHBOARD_MESSAGES.range, path: ['to'] },
)
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>

const daily = z.array(z.object({ date: z.string(), value: z.number() }))

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, zero where nothing happened. */
  consultationsPerDay: daily,
  consultationsPerAgent: z.array(
    z.object({ agentId: z.string(), name: z.string(), value: z.number().int() }),
  ),
  /** Consultations the agent answered without charging (skip_credit_deduction: abstained, no sources). */
  abstentionsPerDay: daily,
  creditsSoldPerDay: daily,
  /** Credits charged for delivered answers. */
  creditsSpentPerDay: daily,
  /** Soles of approved payments. */
  revenuePerDay: daily,
  signupsPerDay: daily,
})
export type Dashboard = z.infer<typeof dashboardSchema>
