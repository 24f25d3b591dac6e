import { z } from 'zod'
import { safeText } from '../fields'
import { isoDate, listQuerySchema, pageSchema, queryBoolean, versionField } from './common'

/** Feedback and suggestions carry a 'revisado' state an operator sets. */
export const REVIEW_MESSAGES = {
  feedbackNotFound: 'Valoración no encontrada',
  suggestionNotFound: 'Sugerencia no encontrada',
  reviewed: 'Indica si está revisado (true o false)',
} as const

export const adminFeedbackSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  userEmail: z.string(),
  historyId: z.number().int(),
  sessionId: z.string(),
  value: z.enum(['positive', 'negative']),
  agentId: z.string(),
  /** The question and answer the rating is about. */
  question: z.string(),
  answer: z.string().nullable(),
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
  reviewedBy: z.string().nullable(),
  version: z.number().int(),
})
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>

/** GET /api/admin/feedback: `q` matches the question, the answer or the e-mail. */
export const feedbackListQuerySchema = listQuerySchema(['createdAt'], 'createdAt').extend({
  value: z.enum(['positive', 'negative'], { error: 'La valoración debe ser positive o negative' }).optional(),
  reviewed: queryBoolean.optional(),
  agentId: safeText().max(100).optional(),
})
export const feedbackPageSchema = pageSchema(adminFeedbackSchema)

export const adminSuggestionSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  userEmail: z.string(),
  suggestion: z.string(),
  /** The user's last question before the suggestion and its answer: what they were looking at. */
  question: z.string().nullable(),
  answer: z.string().nullable(),
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
  reviewedBy: z.string().nullable(),
  version: z.number().int(),
})
export type AdminSuggestion = z.infer<typeof adminSuggestionSchema>

/** GET /api/admin/suggestions: `q` matches the text or the e-mail. */
export const suggestionListQuerySchema = listQuerySchema(['createdAt'], 'createdAt').extend({
  reviewed: queryBoolean.optional(),
})
export const suggestionPageSchema = pageSchema(adminSuggestionSchema)

/** PATCH /api/admin/feedback/:id and /api/admin/suggestions/:id. */
export const reviewRequestSchema = z.strictObject({
  version: versionField,
  reviewed: z.boolean({ error: REVIEW_MESSAGES.reviewed }),
})
export type ReviewRequest = z.infer<typeof reviewRequestSchema>
