import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../shared/admin/audit'
import { ADMIN_MESSAGES, type Page } from '../../shared/admin/common'
import { type AdminUser, type AdminUserDetail, USER_MESSAGES } from '../../shared/admin/users'
import { creditLedger } from '../credits/schema'
import { session, user } from '../db/auth-schema'
import { mailOutbox } from '../db/schema'
import { announceSessionsEnded } from '../events/notification'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { lastMailTo } from '../test/mailbox'
import { signedInPerson } from '../test/users'
import { adminAudit, userRoles } from './schema'
import { auditRows, consoleActors } from './test-setup'

describe.each(BACKENDS)('console: users, credits, roles and audit (%s)', (backend) => {
  let t: TestApp
  let actors: Awaited<ReturnType<typeof consoleActors>>
  beforeAll(async () => {
    t = await createTestApp(backend, { WELCOME_CREDITS: '5' })
    actors = await consoleActors(t)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('searches users by e-mail and shows one in detail', async () => {
    const { asAdmin, ana } = actors
    const found = (await (
      await asAdmin(`/api/admin/users?q=${encodeURIComponent(ana.email.slice(0, 12))}`)
    ).json()) as Page<AdminUser>
    expect(found.items.map((u) => u.id)).toEqual([ana.id])
    expect(found.items[0]).toMatchObject({
      email: ana.email,
      remainingCredits: 5,
      isAdmin: false,
      disabledAt: null,
    })
    const all = (await (await asAdmin('/api/admin/users?sort=email&dir=asc')).json()) as Page<AdminUser>
    expect(all.total).toBe(2)
    expect(all.items.find((u) => u.id === actors.admin.id)?.isAdmin).toBe(true)
    // A % in the search is a literal character, not a wildcard.
    expect(((await (await asAdmin('/api/admin/users?q=%25')).json()) as Page<AdminUser>).total).toBe(0)

    const detail = (await (await asAdmin(`/api/admin/users/${ana.id}`)).json()) as AdminUserDetail
    expect(detail.credits.remaining_credits).toBe(5)
    expect(detail.ledger).toMatchObject([{ amount: 5, kind: 'welcome' }])
    expect(detail.consultations).toEqual({ count: 0, lastAt: null })
    expect(detail.purchases).toEqual([])
    expect((await asAdmin('/api/admin/users/no-existe')).status).toBe(404)
    expect((await asAdmin('/api/admin/users/%00')).status).toBe(404)
  })

  it('grants and deducts credits through the ledger with a required reason, audited in the same change', async () => {
    const { asAdmin, ana, admin } = actors
    const change = (body: unknown) => asAdmin(`/api/admin/users/${ana.id}/credits`, { body })
    const noReason = await change({ operation: 'grant', amount: 3 })
    expect(noReason.status).toBe(400)
    expect(await noReason.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: ADMIN_MESSAGES.reason })
    for (const bad of [
      { operation: 'grant', amount: 0, reason: 'soporte' },
      { operation: 'grant', amount: 1.5, reason: 'soporte' },
      { operation: 'grant', amount: 3, reason: 'x' },
      { operation: 'regalar', amount: 3, reason: 'soporte' },
    ])
      expect((await change(bad)).status).toBe(400)
    const audits = (await auditRows(t)).length

    const granted = await change({ operation: 'grant', amount: 10, reason: 'Compensación por caída' })
    expect(granted.status).toBe(200)
    const body = (await granted.json()) as { credits: { remaining_credits: number }; ledgerEntryId: number }
    expect(body.credits.remaining_credits).toBe(15)
    const [entry] = await t.db.select().from(creditLedger).where(eq(creditLedger.id, body.ledgerEntryId))
    expect(entry).toMatchObject({
      amount: 10,
      kind: 'admin',
      actor: `admin:${admin.id}`,
      reason: 'Compensación por caída',
    })
    const [audit] = await auditRows(t)
    expect(audit).toMatchObject({
      action: 'credits.grant',
      entityId: ana.id,
      actorId: admin.id,
      actorEmail: admin.email,
      before: { remaining: 5 },
      after: { remaining: 15, amount: 10 },
      reason: 'Compensación por caída',
    })

    const tooMuch = await change({ operation: 'deduct', amount: 16, reason: 'Error de carga' })
    expect(tooMuch.status).toBe(402)
    expect(await tooMuch.json()).toMatchObject({
      message: USER_MESSAGES.insufficient,
      details: { remaining: 15 },
    })
    const deducted = await change({ operation: 'deduct', amount: 4, reason: 'Error de carga' })
    expect(
      ((await deducted.json()) as { credits: { remaining_credits: number } }).credits.remaining_credits,
    ).toBe(11)
    expect((await auditRows(t)).length).toBe(audits + 2)
    expect(
      (
        await asAdmin('/api/admin/users/nadie/credits', {
          body: { operation: 'grant', amount: 1, reason: 'abc' },
        })
      ).status,
    ).toBe(404)

    const ledger = (await (await asAdmin(`/api/admin/users/${ana.id}/ledger?pageSize=2`)).json()) as Page<{
      amount: number
    }>
    expect(ledger.total).toBe(3)
    expect(ledger.items.map((e) => e.amount)).toEqual([-4, 10])
  })

  it('keeps the moved credit grant working under /api/admin/credits, audited', async () => {
    const { asAdmin, asAna, ana } = actors
    const add = await asAdmin('/api/admin/credits/add', { body: { userId: ana.id, amount: 2 } })
    expect(add.status).toBe(200)
    expect(await add.json()).toMatchObject({ remaining_credits: 13 })
    expect((await auditRows(t))[0]).toMatchObject({ action: 'credits.grant', entityId: ana.id })
    expect((await asAna('/api/admin/credits/add', { body: { userId: ana.id, amount: 2 } })).status).toBe(403)
    // The spec's route still answers admins (by role now, not by ADMIN_EMAILS).
    const old = await asAdmin('/api/credits/deduct', { body: { userId: ana.id, amount: 1 } })
    expect(old.status).toBe(200)
    expect((await asAna('/api/credits/add', { body: { userId: ana.id, amount: 100 } })).status).toBe(403)
  })

  it("evicts a disabled account's cached sessions when another instance disables it (NOTIFY)", async () => {
    const carla = await signedInPerson(t, 'carla')
    const credits = () => t.call('/api/credits', { headers: { cookie: carla.cookie } })
    expect((await credits()).status).toBe(200)
    // Another instance disables her: the rows change, but this instance's cache still holds her session …
    await t.db.transaction(async (tx) => {
      await tx.update(user).set({ disabledAt: sql`now()` }).where(eq(user.id, carla.id))
      await tx.delete(session).where(eq(session.userId, carla.id))
    })
    expect((await credits()).status).toBe(200)
    // … until its announcement arrives, as the disable route sends it in its transaction.
    await t.db.transaction((tx) => announceSessionsEnded(tx, carla.id))
    await expect.poll(async () => (await credits()).status, { timeout: 5000, interval: 50 }).toBe(401)
  })

  it('disables an account: its sessions end, it cannot sign in nor call the API; enabling lets it back', async () => {
    const { asAdmin } = actors
    const bea = await signedInPerson(t, 'bea')
    expect((await t.call('/api/credits', { headers: { cookie: bea.cookie } })).status).toBe(200)
    expect((await asAdmin(`/api/admin/users/${bea.id}/disable`, { body: {} })).status).toBe(400)

    const disabled = await asAdmin(`/api/admin/users/${bea.id}/disable`, {
      body: { reason: 'Fraude con tarjetas' },
    })
    expect(disabled.status).toBe(200)
    expect(((await disabled.json()) as AdminUser).disabledAt).not.toBeNull()
    expect(await t.db.select().from(session).where(eq(session.userId, bea.id))).toEqual([])
    expect((await t.call('/api/credits', { headers: { cookie: bea.cookie } })).status).toBe(401)
    expect(
      (await t.call('/api/credits', { headers: { authorization: `Bearer ${bea.bearer}` } })).status,
    ).toBe(401)
    const signIn = await t.call('/api/auth/sign-in/email', {
      body: { email: bea.email, password: 'secreto-123' },
    })
    expect(signIn.status).toBe(403)
    expect(await signIn.json()).toMatchObject({ code: 'UNAUTHORIZED', message: USER_MESSAGES.disabled })
    expect((await auditRows(t))[0]).toMatchObject({
      action: 'user.disable',
      entityId: bea.id,
      reason: 'Fraude con tarjetas',
      // The one the confirmation link opened and the sign-in's.
      after: { sessionsEnded: 2 },
    })
    expect(
      (await asAdmin(`/api/admin/users/${bea.id}/disable`, { body: { reason: 'otra vez' } })).status,
    ).toBe(409)
    expect(
      (await asAdmin(`/api/admin/users/${actors.admin.id}/disable`, { body: { reason: 'yo mismo' } })).status,
    ).toBe(409)

    const enabled = await asAdmin(`/api/admin/users/${bea.id}/enable`, { body: { reason: 'Aclarado' } })
    expect(enabled.status).toBe(200)
    const again = await t.call('/api/auth/sign-in/email', {
      body: { email: bea.email, password: 'secreto-123' },
    })
    expect(again.status).toBe(200)
    expect((await asAdmin(`/api/admin/users/${bea.id}/enable`, { body: {} })).status).toBe(409)
  })

  it('resends the confirmation mail only to an unconfirmed account', async () => {
    const { asAdmin, ana } = actors
    expect((await asAdmin(`/api/admin/users/${ana.id}/resend-confirmation`, { method: 'POST' })).status).toBe(
      409,
    )
    const email = `sin-confirmar-${Date.now()}@ejemplo.pe`
    await t.call('/api/auth/sign-up/email', { body: { email, password: 'secreto-123', name: 'Sin' } })
    const mails = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length
    expect(await mails()).toBe(1)
    const [row] = (
      (await (await asAdmin(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as Page<AdminUser>
    ).items
    const res = await asAdmin(`/api/admin/users/${row!.id}/resend-confirmation`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ sent: true })
    expect(await mails()).toBe(2)
    expect((await lastMailTo(t.db, email))?.links[0]).toContain('/auth/callback?token=')
    expect((await auditRows(t))[0]).toMatchObject({ action: 'user.resend_confirmation', entityId: row!.id })
  })

  it('grants and revokes the admin role; the ADMIN_EMAILS bootstrap grants it at sign-in', async () => {
    const { asAdmin, asAna, ana, admin } = actors
    expect((await asAdmin('/api/admin/admins', { body: { email: 'nadie@ejemplo.pe' } })).status).toBe(404)
    expect((await asAdmin('/api/admin/admins', { body: { email: 'no es correo' } })).status).toBe(400)
    const granted = await asAdmin('/api/admin/admins', { body: { email: ana.email.toUpperCase() } })
    expect(granted.status).toBe(201)
    expect(await granted.json()).toMatchObject({ userId: ana.id, grantedBy: admin.id })
    expect((await asAna('/api/admin/me')).status).toBe(200)
    expect((await asAdmin('/api/admin/admins', { body: { email: ana.email } })).status).toBe(409)
    const list = (await (await asAdmin('/api/admin/admins')).json()) as Page<{ userId: string }>
    expect(list.items.map((a) => a.userId).sort()).toEqual([admin.id, ana.id].sort())
    expect((await asAdmin(`/api/admin/admins/${admin.id}`, { method: 'DELETE' })).status).toBe(409)
    expect((await asAdmin(`/api/admin/admins/${ana.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await asAna('/api/admin/me')).status).toBe(403)
    expect((await auditRows(t)).slice(0, 2).map((r) => r.action)).toEqual([
      'admin_role.revoke',
      'admin_role.grant',
    ])

    t.config.adminEmails.push('jefa@ejemplo.pe')
    const jefa = await signedInPerson(t, 'jefa')
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, jefa.id))).toEqual([])
    t.config.adminEmails.push(jefa.email)
    const res = await t.call('/api/auth/sign-in/email', {
      body: { email: jefa.email, password: 'secreto-123' },
    })
    expect(res.status).toBe(200)
    const [role] = await t.db.select().from(userRoles).where(eq(userRoles.userId, jefa.id))
    expect(role).toMatchObject({ role: 'admin', grantedBy: null })
    expect((await auditRows(t))[0]).toMatchObject({
      action: 'admin_role.bootstrap',
      actorId: null,
      entityId: jefa.id,
    })
  })

  it('lists the audit trail filtered, and the database refuses to edit or delete it', async () => {
    const { asAdmin, ana } = actors
    const page = (await (
      await asAdmin(`/api/admin/audit?entity=credits&entityId=${ana.id}&pageSize=100`)
    ).json()) as Page<AuditEntry>
    expect(page.items.length).toBeGreaterThanOrEqual(3)
    expect(page.items.every((e) => e.entity === 'credits' && e.entityId === ana.id)).toBe(true)
    expect((await asAdmin('/api/admin/audit?entity=nada')).status).toBe(400)
    const byAction = (await (await asAdmin('/api/admin/audit?q=user.disable')).json()) as Page<AuditEntry>
    expect(byAction.items.map((e) => e.action)).toEqual(['user.disable'])

    const before = await t.db.select().from(adminAudit)
    await expect(t.db.execute(sql`update admin_audit set reason = 'borrado'`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from admin_audit`)).rejects.toThrow()
    await expect(t.db.execute(sql`truncate admin_audit`)).rejects.toThrow()
    expect(await t.db.select().from(adminAudit)).toEqual(before)
  })
})
