import { desc } from 'drizzle-orm'
import { grantAdmin } from '../test/admins'
import type { TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { adminAudit } from './schema'

/** An admin and a normal user on a test app, and calls made as either. */
export async function consoleActors(t: TestApp) {
  const admin = await signedInPerson(t, 'admin')
  await grantAdmin(t, admin)
  const ana = await signedInPerson(t, 'ana')
  const as =
    (who: TestPerson) =>
    (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      t.call(path, { ...init, headers: { cookie: who.cookie, ...init.headers } })
  return { admin, ana, asAdmin: as(admin), asAna: as(ana) }
}

/** The audit rows, newest first. */
export const auditRows = (t: TestApp) => t.db.select().from(adminAudit).orderBy(desc(adminAudit.id))
