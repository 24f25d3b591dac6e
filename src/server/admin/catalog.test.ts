import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminAgent, AGENT_MESSAGES, type AgentTestResult } from '../../shared/admin/agents'
import { ADMIN_MESSAGES, type Page } from '../../shared/admin/common'
import type { AdminCountry } from '../../shared/admin/countries'
import { type AdminPlan, PLAN_MESSAGES } from '../../shared/admin/plans'
import { agents } from '../agents/schema'
import { creditPlans } from '../payments/schema'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { insertAttempt } from '../test/payment-attempts'
import type { AgentProbe } from './agent-probe'
import { auditRows, consoleActors } from './test-setup'

const probed: Parameters<AgentProbe>[0][] = []
const fakeProbe: AgentProbe = async (input) => {
  probed.push(input)
  return {
    ok: true,
    httpStatus: 200,
    latencyMs: 3,
    answer: 'Respuesta de prueba',
    sources: { leyes: 1, sentencias: 0 },
    error: null,
  }
}

describe.each(BACKENDS)('console: agents, countries and plans (%s)', (backend) => {
  let t: TestApp
  let actors: Awaited<ReturnType<typeof consoleActors>>
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { agentProbe: fakeProbe })
    actors = await consoleActors(t)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const newAgent = {
    id: 'civil-externo',
    name: 'Civil (n8n)',
    description: 'Agente civil externo',
    url: 'https://n8n.ejemplo.pe/webhook/civil?token=secreto',
    credits: 1,
    status: 'active',
    sortOrder: 5,
    countryCode: 'pe',
  }

  it('creates an agent, audits it, and refuses a duplicate, a bad url or an unknown country without writing', async () => {
    const { asAdmin } = actors
    const created = await asAdmin('/api/admin/agents', { body: newAgent })
    expect(created.status).toBe(201)
    const agent = (await created.json()) as AdminAgent
    expect(agent).toMatchObject({ id: 'civil-externo', url: newAgent.url, countryCode: 'PE', version: 1 })
    const [row] = await auditRows(t)
    expect(row).toMatchObject({ action: 'agent.create', entity: 'agent', entityId: 'civil-externo' })
    expect(row!.actorId).toBe(actors.admin.id)
    expect(row!.after).toMatchObject({ name: 'Civil (n8n)', credits: 1 })

    const auditCount = (await auditRows(t)).length
    const dup = await asAdmin('/api/admin/agents', { body: newAgent })
    expect(dup.status).toBe(409)
    expect(await dup.json()).toMatchObject({ message: AGENT_MESSAGES.duplicate })
    for (const bad of [
      { ...newAgent, id: 'otro', url: 'http://n8n.ejemplo.pe/webhook' },
      { ...newAgent, id: 'otro', url: 'ftp://x' },
      { ...newAgent, id: 'otro', url: 'builtin:' },
    ]) {
      const res = await asAdmin('/api/admin/agents', { body: bad })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: AGENT_MESSAGES.url })
    }
    const cost = await asAdmin('/api/admin/agents', { body: { ...newAgent, id: 'otro', credits: -1 } })
    expect(await cost.json()).toMatchObject({ message: AGENT_MESSAGES.credits })
    const status = await asAdmin('/api/admin/agents', {
      body: { ...newAgent, id: 'otro', status: 'borrado' },
    })
    expect(await status.json()).toMatchObject({ message: AGENT_MESSAGES.status })
    const country = await asAdmin('/api/admin/agents', {
      body: { ...newAgent, id: 'otro', countryCode: 'ZZ' },
    })
    expect(country.status).toBe(400)
    expect(await country.json()).toMatchObject({ message: AGENT_MESSAGES.unknownCountry })
    const extra = await asAdmin('/api/admin/agents', { body: { ...newAgent, id: 'otro', admin: true } })
    expect(extra.status).toBe(400)
    expect(await t.db.select().from(agents).where(eq(agents.id, 'otro'))).toEqual([])
    expect((await auditRows(t)).length).toBe(auditCount)
  })

  it('edits an agent with its version; a stale version gets 409 with the current record and changes nothing', async () => {
    const { asAdmin } = actors
    const edit = (body: unknown) => asAdmin('/api/admin/agents/civil-externo', { method: 'PATCH', body })
    const first = await edit({ version: 1, credits: 3, name: 'Civil' })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ credits: 3, name: 'Civil', version: 2 })
    const [audit] = await auditRows(t)
    expect(audit).toMatchObject({ action: 'agent.update', entityId: 'civil-externo' })
    expect(audit!.before).toMatchObject({ credits: 1, version: 1 })
    expect(audit!.after).toMatchObject({ credits: 3, version: 2 })

    const stale = await edit({ version: 1, credits: 9 })
    expect(stale.status).toBe(409)
    const body = (await stale.json()) as { message: string; details: { current: AdminAgent } }
    expect(body.message).toBe(ADMIN_MESSAGES.stale)
    expect(body.details.current).toMatchObject({ credits: 3, version: 2 })
    expect((await edit({ version: 2 })).status).toBe(400)
    expect(
      (await asAdmin('/api/admin/agents/nadie', { method: 'PATCH', body: { version: 1, credits: 1 } }))
        .status,
    ).toBe(404)

    // Two operators who read version 2 save at once: one wins, the other is told; no update is lost silently.
    const both = await Promise.all([edit({ version: 2, credits: 4 }), edit({ version: 2, credits: 5 })])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    const [row] = await t.db.select().from(agents).where(eq(agents.id, 'civil-externo'))
    expect(row!.version).toBe(3)
    expect([4, 5]).toContain(row!.credits)
  })

  it('lists agents paged, searched and sorted on the server, refusing unknown parameters', async () => {
    const { asAdmin } = actors
    const page = (await (
      await asAdmin('/api/admin/agents?pageSize=2&sort=name&dir=asc')
    ).json()) as Page<AdminAgent>
    expect(page.items).toHaveLength(2)
    expect(page.total).toBeGreaterThanOrEqual(6)
    const names = page.items.map((a) => a.name)
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names)
    const found = (await (await asAdmin('/api/admin/agents?q=civil')).json()) as Page<AdminAgent>
    expect(found.items.map((a) => a.id)).toEqual(['civil-externo'])
    for (const bad of [
      '?page=0',
      '?pageSize=500',
      '?sort=password',
      '?dir=up',
      '?status=x',
      '?otro=1',
      '?page=1e3',
    ]) {
      const res = await asAdmin(`/api/admin/agents${bad}`)
      expect(res.status, bad).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_ERROR')
    }
  })

  it('tries an https agent without saving it; refuses non-https urls before any request', async () => {
    const { asAdmin } = actors
    const before = await t.db.select().from(agents)
    const res = await asAdmin('/api/admin/agents/test', {
      body: { url: 'https://agente.ejemplo.pe/hook', question: '¿Cuántos días de vacaciones tengo?' },
    })
    expect(res.status).toBe(200)
    expect((await res.json()) as AgentTestResult).toMatchObject({ ok: true, answer: 'Respuesta de prueba' })
    expect(probed.at(-1)).toMatchObject({ url: 'https://agente.ejemplo.pe/hook', countryCode: 'PE' })
    expect(await t.db.select().from(agents)).toEqual(before)
    expect((await auditRows(t))[0]).toMatchObject({
      action: 'agent.test',
      entityId: 'https://agente.ejemplo.pe',
    })
    const calls = probed.length
    for (const url of ['http://agente.ejemplo.pe', 'builtin:lexia', 'file:///etc/passwd']) {
      const refused = await asAdmin('/api/admin/agents/test', { body: { url, question: 'hola que tal' } })
      expect(refused.status, url).toBe(400)
    }
    expect(probed.length).toBe(calls)
  })

  it('adds, activates and orders countries, audited and version-checked', async () => {
    const { asAdmin } = actors
    const added = await asAdmin('/api/admin/countries', {
      body: { iso2: 'ar', name: 'Argentina', flag: '🇦🇷' },
    })
    expect(added.status).toBe(201)
    expect(await added.json()).toMatchObject({ iso2: 'AR', active: false, version: 1 })
    expect(
      (await asAdmin('/api/admin/countries', { body: { iso2: 'AR', name: 'Otra', flag: 'x' } })).status,
    ).toBe(409)
    expect(
      (await asAdmin('/api/admin/countries', { body: { iso2: 'ARG', name: 'Argentina', flag: 'x' } })).status,
    ).toBe(400)

    const on = await asAdmin('/api/admin/countries/ar', {
      method: 'PATCH',
      body: { version: 1, active: true, sortOrder: 1 },
    })
    expect(on.status).toBe(200)
    expect(await on.json()).toMatchObject({ active: true, sortOrder: 1, version: 2 })
    expect(
      (await asAdmin('/api/admin/countries/AR', { method: 'PATCH', body: { version: 1, active: false } }))
        .status,
    ).toBe(409)
    expect(
      (await asAdmin('/api/admin/countries/XX', { method: 'PATCH', body: { version: 1, active: false } }))
        .status,
    ).toBe(404)
    const [audit] = await auditRows(t)
    expect(audit).toMatchObject({
      action: 'country.update',
      entityId: 'AR',
      before: { active: false },
      after: { active: true },
    })

    const listed = (await (await actors.asAna('/api/countries')).json()) as { countries: { iso2: string }[] }
    expect(listed.countries.map((c) => c.iso2)).toEqual(['PE', 'AR'])
    const page = (await (await asAdmin('/api/admin/countries?q=arg')).json()) as Page<AdminCountry>
    expect(page.items.map((c) => c.iso2)).toEqual(['AR'])
  })

  it('creates and edits plans; a plan in use is retired, an unused one deleted', async () => {
    const { asAdmin, ana } = actors
    const body = {
      planId: 'prueba-10',
      name: 'Prueba',
      price: 12.5,
      credits: 10,
      status: 'active',
      isOffer: true,
    }
    const created = await asAdmin('/api/admin/plans', { body })
    expect(created.status).toBe(201)
    const plan = (await created.json()) as AdminPlan
    expect(plan).toMatchObject({ price: 12.5, credits: 10, isOffer: true, inUse: false, version: 1 })
    const [row] = await t.db.select().from(creditPlans).where(eq(creditPlans.id, plan.id))
    expect(row!.priceCents).toBe(1250)

    for (const [bad, message] of [
      [{ ...body, planId: 'x2', price: 0 }, PLAN_MESSAGES.price],
      [{ ...body, planId: 'x2', price: 1.234 }, PLAN_MESSAGES.price],
      [{ ...body, planId: 'x2', credits: 0 }, PLAN_MESSAGES.credits],
      [{ ...body, planId: 'x2', type: 'subscription' }, PLAN_MESSAGES.periodMonths],
      [
        { ...body, planId: 'x2', activeFrom: '2026-02-01T00:00:00Z', activeUntil: '2026-01-01T00:00:00Z' },
        PLAN_MESSAGES.dates,
      ],
    ] as const) {
      const res = await asAdmin('/api/admin/plans', { body: bad })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ message })
    }
    expect(await t.db.select().from(creditPlans).where(eq(creditPlans.planId, 'x2'))).toEqual([])

    const edited = await asAdmin(`/api/admin/plans/${plan.id}`, {
      method: 'PATCH',
      body: { version: 1, price: 15, isPopular: true, activeUntil: '2020-01-01T00:00:00Z' },
    })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({ price: 15, isPopular: true, version: 2 })
    // Past its end date: no longer offered to users.
    const offered = (await (await t.call('/api/credits/plans')).json()) as { planId: string }[]
    expect(offered.map((p) => p.planId)).not.toContain('prueba-10')
    const badPeriod = await asAdmin(`/api/admin/plans/${plan.id}`, {
      method: 'PATCH',
      body: { version: 2, periodMonths: 3 },
    })
    expect(badPeriod.status).toBe(400)

    await insertAttempt(t.db, { userId: ana.id, plan: row!, provider: 'sandbox' })
    expect((await asAdmin(`/api/admin/plans/${plan.id}?version=1`, { method: 'DELETE' })).status).toBe(409)
    const retired = await asAdmin(`/api/admin/plans/${plan.id}?version=2`, { method: 'DELETE' })
    expect(retired.status).toBe(200)
    expect(await retired.json()).toMatchObject({
      outcome: 'retired',
      plan: { status: 'inactive', inUse: true, version: 3 },
    })
    expect(await t.db.select().from(creditPlans).where(eq(creditPlans.id, plan.id))).toHaveLength(1)
    expect((await auditRows(t))[0]).toMatchObject({ action: 'plan.retire', entityId: String(plan.id) })

    const unused = (await (
      await asAdmin('/api/admin/plans', { body: { ...body, planId: 'sin-uso' } })
    ).json()) as AdminPlan
    const deleted = await asAdmin(`/api/admin/plans/${unused.id}?version=1`, { method: 'DELETE' })
    expect(await deleted.json()).toEqual({ outcome: 'deleted', plan: null })
    expect(await t.db.select().from(creditPlans).where(eq(creditPlans.id, unused.id))).toEqual([])
    expect((await auditRows(t))[0]).toMatchObject({ action: 'plan.delete', after: null })
  })
})
