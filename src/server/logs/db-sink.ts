import type { LogSink } from '../../shared/logger'
import type { Db } from '../db/client'
import { applicationLogs } from '../db/schema'

/** Spec §9 persistence of log entries (LOG_TO_DB); entries arrive already redacted. */
export function dbLogSink(db: Db): LogSink {
  return async (entry) => {
    await db.insert(applicationLogs).values({
      timestamp: new Date(entry.timestamp),
      level: entry.level,
      message: entry.message,
      transactionId: entry.transaction_id,
      metadata: entry.metadata,
    })
  }
}
