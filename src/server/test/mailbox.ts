import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'

/** The newest message sent to an address, with its links, as a person would open it. */
export async function lastMailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  return row
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token')
  if (!token) throw new Error(`sin token: ${link}`)
  return token
}
