import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  type AdminAgent,
  AGENT_MESSAGES,
  agentCreateSchema,
  agentListQuerySchema,
  agentTestRequestSchema,
  agentUpdateSchema,
} from '../../shared/admin/agents'
import { ServiceError } from '../../shared/errors'
import { agentOrigin } from '../agents/gateway/http-agent'
import { agents } from '../agents/schema'
import type { Db } from '../db/client'
import { countries } from '../db/schema'
import { jsonBody } from '../http/validate'
import { writeAudit } from './audit'
import type { AdminDeps } from './deps'
import { changesOf, iso, likePattern, offsetOf, pageOf, queryOf, uniqueOr } from './http'
import type { AdminVariables } from './require-admin'
import { editVersioned } from './versioned'

type Row = typeof agents.$inferSelect

export function toAdminAgent(row: Row): AdminAgent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    credits: row.credits,
    status: row.status as AdminAgent['status'],
    sortOrder: row.sortOrder,
    countryCode: row.countryCode,
    version: row.version,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  }
}

const SORTS = {
  sortOrder: agents.sortOrder,
  name: agents.name,
  credits: agents.credits,
  status: agents.status,
  createdAt: agents.createdAt,
}

async function knownCountry(db: Pick<Db, 'select'>, code: string | null | undefined) {
  if (!code) return
  const [row] = await db.select({ iso2: countries.iso2 }).from(countries).where(eq(countries.iso2, code))
  if (!row)
    throw new ServiceError('VALIDATION_ERROR', AGENT_MESSAGES.unknownCountry, {
      countryCode: AGENT_MESSAGES.unknownCountry,
    })
}

/** Agents (issue 19 item 2): list, create, edit, and try an external one before saving it. */
export function adminAgentRoutes({ database, probe }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/agents', async (c) => {
    const q = queryOf(c, agentListQuerySchema)
    const filters: SQL[] = []
    if (q.status) filters.push(eq(agents.status, q.status))
    if (q.q) filters.push(or(ilike(agents.id, likePattern(q.q)), ilike(agents.name, likePattern(q.q)))!)
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(SORTS[q.sort]) : desc(SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(agents)
        .where(where)
        .orderBy(order, asc(agents.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(agents).where(where),
    ])
    return c.json(pageOf(rows.map(toAdminAgent), total?.n ?? 0, q))
  })

  app.post('/agents', async (c) => {
    const input = await jsonBody(c, agentCreateSchema)
    const admin = c.get('admin')
    const created = await db.transaction(async (tx) => {
      await knownCountry(tx, input.countryCode)
      const [row] = await uniqueOr(
        () => tx.insert(agents).values(input).returning(),
        AGENT_MESSAGES.duplicate,
      )
      const view = toAdminAgent(row!)
      await writeAudit(tx, admin, { action: 'agent.create', entity: 'agent', entityId: view.id, after: view })
      return view
    })
    return c.json(created, 201)
  })

  app.patch('/agents/:id', async (c) => {
    const id = c.req.param('id')
    const input = await jsonBody(c, agentUpdateSchema)
    const changes = changesOf(input)
    const updated = await editVersioned(db, {
      actor: c.get('admin'),
      version: input.version,
      notFoundMessage: AGENT_MESSAGES.notFound,
      load: async (tx) => (await tx.select().from(agents).where(eq(agents.id, id)).for('update'))[0],
      apply: async (tx) => {
        await knownCountry(tx, changes.countryCode)
        const [row] = await tx
          .update(agents)
          .set({ ...changes, version: sql`${agents.version} + 1`, updatedAt: sql`now()` })
          .where(eq(agents.id, id))
          .returning()
        return row!
      },
      view: toAdminAgent,
      audit: { action: 'agent.update', entity: 'agent', entityId: id },
    })
    return c.json(updated)
  })

  app.post('/agents/test', async (c) => {
    const input = await jsonBody(c, agentTestRequestSchema)
    if (input.url.startsWith('builtin:'))
      throw new ServiceError(
        'VALIDATION_ERROR',
        'Solo se prueban agentes https://; los builtin ya corren aquí',
      )
    const result = await probe(input)
    // Not a change, but a request the server made on an operator's word: the trail shows who aimed it where.
    await writeAudit(db, c.get('admin'), {
      action: 'agent.test',
      entity: 'agent',
      entityId: agentOrigin(input.url),
      after: { ok: result.ok, httpStatus: result.httpStatus, error: result.error },
    })
    return c.json(result)
  })

  return app
}
