import { asc, eq } from 'drizzle-orm'
import type { Agent } from '../../shared/agent-schemas'
import type { Db } from '../db/client'
import { agents } from './schema'

export type AgentRow = typeof agents.$inferSelect

/** What a browser may see of an agent's url: the builtin name, or only an external agent's origin. */
export function publicAgentUrl(url: string): string {
  if (url.startsWith('builtin:')) return url
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}

export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: publicAgentUrl(row.url),
    status: row.status,
    credits: row.credits,
  }
}

export async function listAgents(db: Db): Promise<AgentRow[]> {
  return db.select().from(agents).orderBy(asc(agents.sortOrder), asc(agents.name))
}

export async function findAgent(db: Db, id: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id))
  return row ?? null
}
