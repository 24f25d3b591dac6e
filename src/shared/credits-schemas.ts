import { z } from 'zod'

/**
 * Spec §3/§5 credit summary, exactly the field types the credit sync accepts: numbers for the counters,
 * strings for updated_at (ISO 8601) and user_id. GET /api/credits answers zeros when the user has no row.
 */
export const creditSummarySchema = z.object({
  remaining_credits: z.number(),
  total_credits: z.number(),
  messages_sent: z.number(),
  updated_at: z.string(),
  user_id: z.string(),
})
export type CreditSummary = z.infer<typeof creditSummarySchema>
