import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AgentList, CountryList } from '../../shared/agent-schemas'
import { ServiceError } from '../../shared/errors'
import { hasControlCharacters } from '../../shared/fields'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import type { Db } from '../db/client'
import { countries } from '../db/schema'
import { findAgent, listAgents, toAgent } from './queries'

export const AGENT_NOT_FOUND = 'Agente no encontrado'

/** Spec §7 agent reads (all rows; one by id) and the active countries, for signed-in users. */
export function agentRoutes(db: Db, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>()
  const signedIn = requireUser(auth)

  app.get('/agents', signedIn, async (c) => {
    const body: AgentList = { agents: (await listAgents(db)).map(toAgent) }
    return c.json(body)
  })

  app.get('/agents/:id', signedIn, async (c) => {
    const id = c.req.param('id')
    const row = id.length <= 100 && !hasControlCharacters(id) ? await findAgent(db, id) : null
    if (!row) throw new ServiceError('NOT_FOUND', AGENT_NOT_FOUND)
    return c.json(toAgent(row))
  })

  app.get('/countries', signedIn, async (c) => {
    const rows = await db
      .select({ iso2: countries.iso2, name: countries.name, flag: countries.flag, active: countries.active })
      .from(countries)
      .where(eq(countries.active, true))
      .orderBy(asc(countries.sortOrder), asc(countries.iso2))
    const body: CountryList = { countries: rows }
    return c.json(body)
  })
  return app
}
