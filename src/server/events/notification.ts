import { z } from 'zod'

/** The channel the triggers of migration 0006 announce on. */
export const EVENTS_CHANNEL = 'lexia_events'

/**
 * What a trigger announces: which row changed, never the row itself (NOTIFY payloads are capped at 8000 bytes).
 * `s` is the session id of a partial answer, absent when it was too long to announce.
 */
export const notificationSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('partial'), id: z.number().int(), s: z.string().nullish() }),
  z.object({ t: z.literal('credits'), u: z.string() }),
  z.object({ t: z.literal('consultation'), id: z.number().int() }),
])
export type Notification = z.infer<typeof notificationSchema>

export function parseNotification(payload: string): Notification | null {
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(payload))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
