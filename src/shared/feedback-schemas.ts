import { z } from 'zod'
import { INT4_MAX, int4Id } from './fields'

export const FEEDBACK_INVALID_MESSAGE = 'Payload de feedback inválido'

/**
 * Spec §3/§5 Feedback: history_id, session_id and a non-null feedback_value are required. history_id comes from
 * the agent response, where it may be a number or a numeric string.
 */
export const feedbackRequestSchema = z.object(
  {
    history_id: z.union(
      [
        int4Id(),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number)
          .pipe(z.number().min(1).max(INT4_MAX)),
      ],
      {
        error: FEEDBACK_INVALID_MESSAGE,
      },
    ),
    session_id: z
      .string({ error: FEEDBACK_INVALID_MESSAGE })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, FEEDBACK_INVALID_MESSAGE),
    feedback_value: z.enum(['positive', 'negative'], { error: FEEDBACK_INVALID_MESSAGE }),
  },
  { error: FEEDBACK_INVALID_MESSAGE },
)
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>

/** POST /api/feedback answers 200 with the stored rating; GET /api/feedback/:historyId with it or null. */
export const feedbackResponseSchema = z.object({
  data: z.object({
    history_id: z.number().int(),
    feedback_value: z.enum(['positive', 'negative']).nullable(),
  }),
})
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>
