import { z } from 'zod'
import { consultationRecordSchema } from './consultation-schemas'
import { creditSummarySchema } from './credits-schemas'

/**
 * What GET /api/events streams to a signed-in tab (Server-Sent Events; the SSE event name is `type`, the data
 * the JSON of the whole object). Every event concerns only the signed-in user.
 */
export const streamEventSchema = z.discriminatedUnion('type', [
  /** The latest partial answer of a consultation in progress in one of the user's chat sessions. */
  z.object({ type: z.literal('partial'), session_id: z.string(), partial_answer: z.string() }),
  /** A consultation finished (answered, skipped, failed or timed out): the final record. */
  z.object({ type: z.literal('consultation'), consultation: consultationRecordSchema }),
  /** The user's credit summary changed (spec §4 credit sync: insert or update of their row). */
  z.object({ type: z.literal('credits'), summary: creditSummarySchema }),
])
export type StreamEvent = z.infer<typeof streamEventSchema>

export const STREAM_HEARTBEAT_MS = 30_000
/**
 * Event streams one user may hold open on one server instance (one per tab). Past it a new stream is refused
 * with 429 and the open ones are left alone. Closing the oldest instead would look kinder to someone with many
 * tabs, but every tab reconnects on its own: the closed tab would come back and close the next oldest, and the
 * tabs would evict each other every few seconds, each time reloading the state from the database. Refused, the
 * extra tab just keeps retrying at the reconnect delays below and gets in when another tab closes.
 */
export const STREAM_MAX_PER_USER = 10
/** Spec §9 realtime reconnect delays. */
export const STREAM_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const
