import { and, desc, eq, gte } from 'drizzle-orm'
import type { Db } from '../db/client'
import { n8nPartialAnswers } from './schema'

/** Writes a partial answer; the table's trigger announces it and the event hub carries it to the owner's tabs. */
export async function recordPartialAnswer(db: Db, sessionId: string, text: string): Promise<void> {
  await db.insert(n8nPartialAnswers).values({ sessionId, partialAnswer: text })
}

/** The newest partial answer of a session written at or after `since` (when a consultation began). */
export async function latestPartialAnswer(db: Db, sessionId: string, since: Date): Promise<string | null> {
  const [row] = await db
    .select({ text: n8nPartialAnswers.partialAnswer })
    .from(n8nPartialAnswers)
    .where(and(eq(n8nPartialAnswers.sessionId, sessionId), gte(n8nPartialAnswers.createdAt, since)))
    .orderBy(desc(n8nPartialAnswers.id))
    .limit(1)
  return row?.text ?? null
}

/** Partials matter only while the consultation runs; the final answer lives in its record. */
export async function clearPartialAnswers(db: Db, sessionId: string): Promise<void> {
  await db.delete(n8nPartialAnswers).where(eq(n8nPartialAnswers.sessionId, sessionId))
}

/**
 * Rate-limits an agent's partials to one write per `intervalMs` (the latest text wins), so a model streaming
 * tokens costs a few rows a second, not hundreds. `flush` writes what is pending and waits for every write.
 */
export function throttledPartials(write: (text: string) => Promise<void>, intervalMs = 100) {
  let pending: string | null = null
  let lastWrite = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let chain: Promise<void> = Promise.resolve()
  let closed = false
  const writeNow = () => {
    timer = null
    if (pending === null || closed) return
    const text = pending
    pending = null
    lastWrite = Date.now()
    chain = chain.then(() => write(text)).catch(() => {})
  }
  return {
    push(text: string) {
      if (closed) return
      pending = text
      const wait = lastWrite + intervalMs - Date.now()
      if (wait <= 0) writeNow()
      else timer ??= setTimeout(writeNow, wait)
    },
    /** Stops accepting partials; resolves when the writes already started are done. */
    async close() {
      if (timer) clearTimeout(timer)
      timer = null
      pending = null
      closed = true
      await chain
    },
  }
}
