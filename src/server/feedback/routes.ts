import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { CONSULTATION_NOT_FOUND, historyIdParamSchema } from '../../shared/consultation-schemas'
import { ServiceError } from '../../shared/errors'
import {
  FEEDBACK_INVALID_MESSAGE,
  type FeedbackResponse,
  feedbackRequestSchema,
} from '../../shared/feedback-schemas'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import { consultations } from '../consultations/schema'
import type { Db } from '../db/client'
import { jsonBody, pathParam } from '../http/validate'
import { feedback } from './schema'

const NOT_FOUND = CONSULTATION_NOT_FOUND

/** Spec §4/§5 feedback: a signed-in user rates their own answers, one rating per history id. */
export function feedbackRoutes(db: Db, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>()
  const signedIn = requireUser(auth)

  app.post('/feedback', signedIn, async (c) => {
    const input = await jsonBody(c, feedbackRequestSchema, { message: FEEDBACK_INVALID_MESSAGE })
    const userId = c.get('user').id
    // Someone else's history, or a history id under another session, is indistinguishable from a missing one.
    const [own] = await db
      .select({ id: consultations.id })
      .from(consultations)
      .where(
        and(
          eq(consultations.id, input.history_id),
          eq(consultations.userId, userId),
          eq(consultations.sessionId, input.session_id),
        ),
      )
    if (!own) throw new ServiceError('NOT_FOUND', NOT_FOUND)
    await db
      .insert(feedback)
      .values({
        userId,
        historyId: input.history_id,
        sessionId: input.session_id,
        feedbackValue: input.feedback_value,
      })
      .onConflictDoUpdate({
        target: feedback.historyId,
        set: { feedbackValue: input.feedback_value, updatedAt: sql`now()` },
      })
    const body: FeedbackResponse = {
      data: { history_id: input.history_id, feedback_value: input.feedback_value },
    }
    return c.json(body)
  })

  app.get('/feedback/:historyId', signedIn, async (c) => {
    const historyId = pathParam(c, 'historyId', historyIdParamSchema, {
      code: 'NOT_FOUND',
      message: NOT_FOUND,
    })
    const [own] = await db
      .select({ id: consultations.id, value: feedback.feedbackValue })
      .from(consultations)
      .leftJoin(feedback, eq(feedback.historyId, consultations.id))
      .where(and(eq(consultations.id, historyId), eq(consultations.userId, c.get('user').id)))
    if (!own) throw new ServiceError('NOT_FOUND', NOT_FOUND)
    const body: FeedbackResponse = { data: { history_id: historyId, feedback_value: own.value ?? null } }
    return c.json(body)
  })
  return app
}
