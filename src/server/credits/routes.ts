import { Hono } from 'hono'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import type { Db } from '../db/client'
import { getSummary } from './ledger'

/** GET /api/credits: the caller's own summary. Balances change only on the server (DESIGN 3). */
export function creditRoutes(db: Db, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>()
  app.get('/credits', requireUser(auth), async (c) => c.json(await getSummary(db, c.get('user').id)))
  return app
}
