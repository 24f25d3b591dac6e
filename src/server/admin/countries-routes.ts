import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  type AdminCountry,
  COUNTRY_MESSAGES,
  countryCreateSchema,
  countryListQuerySchema,
  countryUpdateSchema,
} from '../../shared/admin/countries'
import { countries } from '../db/schema'
import { jsonBody, pathParam } from '../http/validate'
import { writeAudit } from './audit'
import type { AdminDeps } from './deps'
import { changesOf, likePattern, offsetOf, pageOf, queryOf, uniqueOr } from './http'
import type { AdminVariables } from './require-admin'
import { editVersioned } from './versioned'

type Row = typeof countries.$inferSelect

export const toAdminCountry = (row: Row): AdminCountry => ({
  iso2: row.iso2,
  name: row.name,
  flag: row.flag,
  active: row.active,
  sortOrder: row.sortOrder,
  version: row.version,
})

const SORTS = { sortOrder: countries.sortOrder, name: countries.name, iso2: countries.iso2 }
const iso2Param = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((s) => s.toUpperCase())

/** Countries (issue 19 item 2): add, activate, order. */
export function adminCountryRoutes({ database }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  app.get('/countries', async (c) => {
    const q = queryOf(c, countryListQuerySchema)
    const filters: SQL[] = []
    if (q.q)
      filters.push(or(ilike(countries.iso2, likePattern(q.q)), ilike(countries.name, likePattern(q.q)))!)
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(SORTS[q.sort]) : desc(SORTS[q.sort])
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(countries)
        .where(where)
        .orderBy(order, asc(countries.iso2))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db.select({ n: count() }).from(countries).where(where),
    ])
    return c.json(pageOf(rows.map(toAdminCountry), total?.n ?? 0, q))
  })

  app.post('/countries', async (c) => {
    const input = await jsonBody(c, countryCreateSchema)
    const admin = c.get('admin')
    const created = await db.transaction(async (tx) => {
      const [row] = await uniqueOr(
        () => tx.insert(countries).values(input).returning(),
        COUNTRY_MESSAGES.duplicate,
      )
      const view = toAdminCountry(row!)
      await writeAudit(tx, admin, {
        action: 'country.create',
        entity: 'country',
        entityId: view.iso2,
        after: view,
      })
      return view
    })
    return c.json(created, 201)
  })

  app.patch('/countries/:iso2', async (c) => {
    const iso2 = pathParam(c, 'iso2', iso2Param, { code: 'NOT_FOUND', message: COUNTRY_MESSAGES.notFound })
    const input = await jsonBody(c, countryUpdateSchema)
    const changes = changesOf(input)
    const updated = await editVersioned(db, {
      actor: c.get('admin'),
      version: input.version,
      notFoundMessage: COUNTRY_MESSAGES.notFound,
      load: async (tx) =>
        (await tx.select().from(countries).where(eq(countries.iso2, iso2)).for('update'))[0],
      apply: async (tx) => {
        const [row] = await tx
          .update(countries)
          .set({ ...changes, version: sql`${countries.version} + 1` })
          .where(eq(countries.iso2, iso2))
          .returning()
        return row!
      },
      view: toAdminCountry,
      audit: { action: 'country.update', entity: 'country', entityId: iso2 },
    })
    return c.json(updated)
  })

  return app
}
