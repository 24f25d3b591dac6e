import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '../../shared/admin/common'
import { grantAdmin } from '../test/admins'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { adminAudit } from './schema'

/** Every admin route the app registers, read from the router itself: a route added later cannot escape. */
function adminRoutesOf(t: TestApp): { method: string; path: string }[] {
  const seen = new Set<string>()
  const out: { method: string; path: string }[] = []
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/admin/')) continue
    const key = `${r.method} ${r.path}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ method: r.method, path: r.path })
  }
  return out
}

/** A concrete URL for a route pattern: every parameter gets a plausible value. */
const concrete = (path: string) =>
  path
    .replace(':iso2', 'PE')
    .replace(':userId', 'alguien')
    .replace(':id', '1')
    .replace(/:[A-Za-z]+/g, 'x')

describe.each(BACKENDS)('every /api/admin route refuses non-admins (%s)', (backend) => {
  let t: TestApp
  let ana: TestPerson
  let admin: TestPerson
  beforeAll(async () => {
    t = await createTestApp(backend)
    ana = await signedInPerson(t, 'ana')
    admin = await signedInPerson(t, 'admin')
    await grantAdmin(t, admin)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('finds the console routes in the router', () => {
    const routes = adminRoutesOf(t).map((r) => `${r.method} ${r.path}`)
    // The contract's routes (docs/decisions/0024); the walk below covers these and any added later.
    for (const expected of [
      'GET /api/admin/me',
      'POST /api/admin/admins',
      'DELETE /api/admin/admins/:userId',
      'GET /api/admin/audit',
      'PATCH /api/admin/agents/:id',
      'POST /api/admin/agents/test',
      'PATCH /api/admin/countries/:iso2',
      'DELETE /api/admin/plans/:id',
      'POST /api/admin/users/:id/credits',
      'POST /api/admin/users/:id/disable',
      'POST /api/admin/payment-attempts/:id/reconcile',
      'POST /api/admin/payments/:id/refund',
      'PATCH /api/admin/feedback/:id',
      'PATCH /api/admin/suggestions/:id',
      'POST /api/admin/corpus/reingest',
      'GET /api/admin/dashboard',
      'POST /api/admin/credits/add',
      'POST /api/admin/credits/deduct',
    ])
      expect(routes).toContain(expected)
    expect(routes.length).toBeGreaterThanOrEqual(35)
  })

  it('answers 401 to an anonymous visitor and 403 to a signed-in user on every one, writing nothing', async () => {
    const routes = adminRoutesOf(t)
    for (const route of routes) {
      const url = concrete(route.path)
      const body =
        route.method === 'GET' || route.method === 'DELETE' ? undefined : { version: 1, reason: 'x' }
      const anonymous = await t.call(url, { method: route.method, body })
      expect(anonymous.status, `${route.method} ${route.path} anónimo`).toBe(401)
      expect(await anonymous.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Usuario no autenticado' })

      const ways: Record<string, string>[] = [
        { cookie: ana.cookie },
        { authorization: `Bearer ${ana.bearer}` },
      ]
      for (const headers of ways) {
        const user = await t.call(url, { method: route.method, body, headers })
        expect(user.status, `${route.method} ${route.path} usuario`).toBe(403)
        expect(await user.json()).toEqual({ code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.forbidden })
      }
    }
    expect(await t.db.select().from(adminAudit)).toEqual([])
  })

  it('guards paths under /api/admin that match no route the same way', async () => {
    expect((await t.call('/api/admin/no-existe')).status).toBe(401)
    expect((await t.call('/api/admin/no-existe', { headers: { cookie: ana.cookie } })).status).toBe(403)
    const asAdmin = await t.call('/api/admin/no-existe', { headers: { cookie: admin.cookie } })
    expect(asAdmin.status).toBe(404)
  })

  it('lets an admin in, and refuses at once one whose role was revoked', async () => {
    const me = await t.call('/api/admin/me', { headers: { cookie: admin.cookie } })
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ user: { id: admin.id, email: admin.email }, roles: ['admin'] })

    const other = await signedInPerson(t, 'otra')
    await grantAdmin(t, other)
    expect((await t.call('/api/admin/me', { headers: { cookie: other.cookie } })).status).toBe(200)
    const revoked = await t.call(`/api/admin/admins/${other.id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie },
    })
    expect(revoked.status).toBe(200)
    expect((await t.call('/api/admin/me', { headers: { cookie: other.cookie } })).status).toBe(403)
  })
})
