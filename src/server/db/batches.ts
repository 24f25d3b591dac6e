import type { SQL } from 'drizzle-orm'
import { yieldToEventLoop } from '../lib/event-loop'
import type { Db } from './client'
import { queryRows } from './query'

/**
 * Reads a table in batches by ascending id (`batch(after)` selects the rows whose id is above `after`, ordered by id
 * and limited), with a turn of the event loop between batches: on PGlite one long read holds every other request,
 * so the builds that read the whole folder (champion lists, norm-level index) leave a search room between batches.
 */
export async function forEachBatchById<T extends { id: number }>(
  db: Db,
  batch: (after: number) => SQL,
  each: (rows: T[]) => void,
): Promise<void> {
  let last = 0
  for (;;) {
    const rows = await queryRows<T>(db, batch(last))
    if (!rows.length) return
    await yieldToEventLoop()
    last = rows[rows.length - 1]!.id
    each(rows)
  }
}
