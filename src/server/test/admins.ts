import { userRoles } from '../admin/schema'
import type { TestApp } from './harness'
import type { TestPerson } from './users'

/** Gives a test person the admin role straight in the database, as an earlier admin would have. */
export async function grantAdmin(t: TestApp, person: TestPerson): Promise<void> {
  await t.db
    .insert(userRoles)
    .values({ userId: person.id, role: 'admin', grantedBy: null })
    .onConflictDoNothing()
}
