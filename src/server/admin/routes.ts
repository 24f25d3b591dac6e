import { Hono } from 'hono'
import { consoleCreditRoutes } from '../credits/admin-routes'
import { adminAgentRoutes } from './agents-routes'
import { adminCorpusRoutes } from './corpus-routes'
import { adminCountryRoutes } from './countries-routes'
import { adminDashboardRoutes } from './dashboard-routes'
import type { AdminDeps } from './deps'
import { adminPaymentRoutes } from './payments-routes'
import { adminPlanRoutes } from './plans-routes'
import { type AdminVariables, requireAdmin } from './require-admin'
import { adminReviewRoutes } from './reviews-routes'
import { adminRoleRoutes } from './roles-routes'
import { adminUserRoutes } from './users-routes'

/**
 * Everything under /api/admin (docs/decisions/0024), behind one gate: the gate is the first middleware of this
 * app, so every route added here — and any path under it that matches none — answers 401/403 to a caller
 * without the admin role before anything else runs.
 */
export function adminRoutes(deps: AdminDeps) {
  const app = new Hono<{ Variables: AdminVariables }>()
  app.use('*', ...requireAdmin(deps.database.db, deps.auth))
  app.route('/', adminRoleRoutes(deps))
  app.route('/', adminAgentRoutes(deps))
  app.route('/', adminCountryRoutes(deps))
  app.route('/', adminPlanRoutes(deps))
  app.route('/', adminUserRoutes(deps))
  app.route('/', adminPaymentRoutes(deps))
  app.route('/', adminReviewRoutes(deps))
  app.route('/', adminCorpusRoutes(deps))
  app.route('/', adminDashboardRoutes(deps))
  app.route('/', consoleCreditRoutes(deps.database.db, deps.logger))
  return app
}
