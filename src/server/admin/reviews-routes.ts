import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  type AdminFeedback,
  type AdminSuggestion,
  feedbackListQuerySchema,
  REVIEW_MESSAGES,
  reviewRequestSchema,
  suggestionListQuerySchema,
} from '../../shared/admin/reviews'
import { int4IdParam } from '../../shared/fields'
import { consultations } from '../consultations/schema'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import { feedback } from '../feedback/schema'
import { jsonBody, pathParam } from '../http/validate'
import { suggestions } from '../suggestions/schema'
import type { AdminDeps } from './deps'
import { iso, likePattern, offsetOf, pageOf, queryOf } from './http'
import type { AdminVariables } from './require-admin'
import { editVersioned } from './versioned'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const feedbackColumns = {
  f: feedback,
  userEmail: user.email,
  question: consultations.question,
  answer: consultations.answer,
  agentId: consultations.agentId,
}
type FeedbackRow = {
  f: typeof feedback.$inferSelect
  userEmail: string
  question: string
  answer: string | null
  agentId: string
}
const toAdminFeedback = ({ f, userEmail, question, answer, agentId }: FeedbackRow): AdminFeedback => ({
  id: f.id,
  userId: f.userId,
  userEmail,
  historyId: f.historyId,
  sessionId: f.sessionId,
  value: f.feedbackValue,
  agentId,
  question,
  answer,
  createdAt: iso(f.createdAt)!,
  reviewedAt: iso(f.reviewedAt),
  reviewedBy: f.reviewedBy,
  version: f.version,
})

/** The user's last question before the suggestion: what they were looking at when they wrote it. */
const lastBefore = (column: 'question' | 'answer') =>
  sql<string | null>`(select ${sql.raw(`c.${column}`)} from consultations c
    where c.user_id = suggestions.user_id and c.created_at <= suggestions.created_at
    order by c.created_at desc limit 1)`
const suggestionColumns = {
  s: suggestions,
  userEmail: user.email,
  question: lastBefore('question'),
  answer: lastBefore('answer'),
}
type SuggestionRow = {
  s: typeof suggestions.$inferSelect
  userEmail: string
  question: string | null
  answer: string | null
}
const toAdminSuggestion = ({ s, userEmail, question, answer }: SuggestionRow): AdminSuggestion => ({
  id: s.id,
  userId: s.userId,
  userEmail,
  suggestion: s.suggestion,
  question,
  answer,
  createdAt: iso(s.createdAt)!,
  reviewedAt: iso(s.reviewedAt),
  reviewedBy: s.reviewedBy,
  version: s.version,
})

const feedbackIdParam = int4IdParam(REVIEW_MESSAGES.feedbackNotFound)
const suggestionIdParam = int4IdParam(REVIEW_MESSAGES.suggestionNotFound)

/** Feedback and suggestions (issue 19 item 2): lists with what they are about, filters, a 'revisado' state. */
export function adminReviewRoutes({ database }: AdminDeps) {
  const { db } = database
  const app = new Hono<{ Variables: AdminVariables }>()

  const feedbackQuery = (on: Db | Tx = db) =>
    on
      .select(feedbackColumns)
      .from(feedback)
      .innerJoin(user, eq(user.id, feedback.userId))
      .innerJoin(consultations, eq(consultations.id, feedback.historyId))

  app.get('/feedback', async (c) => {
    const q = queryOf(c, feedbackListQuerySchema)
    const filters: SQL[] = []
    if (q.value) filters.push(eq(feedback.feedbackValue, q.value))
    if (q.reviewed !== undefined)
      filters.push(q.reviewed ? isNotNull(feedback.reviewedAt) : isNull(feedback.reviewedAt))
    if (q.agentId) filters.push(eq(consultations.agentId, q.agentId))
    if (q.q) {
      const like = likePattern(q.q)
      filters.push(
        or(ilike(consultations.question, like), ilike(consultations.answer, like), ilike(user.email, like))!,
      )
    }
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(feedback.createdAt) : desc(feedback.createdAt)
    const [rows, [total]] = await Promise.all([
      feedbackQuery().where(where).orderBy(order, desc(feedback.id)).limit(q.pageSize).offset(offsetOf(q)),
      db
        .select({ n: count() })
        .from(feedback)
        .innerJoin(user, eq(user.id, feedback.userId))
        .innerJoin(consultations, eq(consultations.id, feedback.historyId))
        .where(where),
    ])
    return c.json(pageOf(rows.map(toAdminFeedback), total?.n ?? 0, q))
  })

  app.patch('/feedback/:id', async (c) => {
    const id = pathParam(c, 'id', feedbackIdParam, {
      code: 'NOT_FOUND',
      message: REVIEW_MESSAGES.feedbackNotFound,
    })
    const input = await jsonBody(c, reviewRequestSchema)
    const admin = c.get('admin')
    const view = async (row: typeof feedback.$inferSelect, tx: Tx) => {
      const [full] = await feedbackQuery(tx).where(eq(feedback.id, row.id))
      return toAdminFeedback({ ...full!, f: row })
    }
    const updated = await editVersioned(db, {
      actor: admin,
      version: input.version,
      notFoundMessage: REVIEW_MESSAGES.feedbackNotFound,
      load: async (tx) => (await tx.select().from(feedback).where(eq(feedback.id, id)).for('update'))[0],
      apply: async (tx) => {
        const [row] = await tx
          .update(feedback)
          .set({
            reviewedAt: input.reviewed ? sql`now()` : null,
            reviewedBy: input.reviewed ? admin.email : null,
            version: sql`${feedback.version} + 1`,
          })
          .where(eq(feedback.id, id))
          .returning()
        return row!
      },
      view,
      audit: {
        action: input.reviewed ? 'feedback.review' : 'feedback.unreview',
        entity: 'feedback',
        entityId: String(id),
      },
    })
    return c.json(updated)
  })

  const suggestionQuery = (on: Db | Tx = db) =>
    on.select(suggestionColumns).from(suggestions).innerJoin(user, eq(user.id, suggestions.userId))

  app.get('/suggestions', async (c) => {
    const q = queryOf(c, suggestionListQuerySchema)
    const filters: SQL[] = []
    if (q.reviewed !== undefined)
      filters.push(q.reviewed ? isNotNull(suggestions.reviewedAt) : isNull(suggestions.reviewedAt))
    if (q.q)
      filters.push(or(ilike(suggestions.suggestion, likePattern(q.q)), ilike(user.email, likePattern(q.q)))!)
    const where = filters.length ? and(...filters) : undefined
    const order = q.dir === 'asc' ? asc(suggestions.createdAt) : desc(suggestions.createdAt)
    const [rows, [total]] = await Promise.all([
      suggestionQuery()
        .where(where)
        .orderBy(order, desc(suggestions.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      db
        .select({ n: count() })
        .from(suggestions)
        .innerJoin(user, eq(user.id, suggestions.userId))
        .where(where),
    ])
    return c.json(pageOf(rows.map(toAdminSuggestion), total?.n ?? 0, q))
  })

  app.patch('/suggestions/:id', async (c) => {
    const id = pathParam(c, 'id', suggestionIdParam, {
      code: 'NOT_FOUND',
      message: REVIEW_MESSAGES.suggestionNotFound,
    })
    const input = await jsonBody(c, reviewRequestSchema)
    const admin = c.get('admin')
    const view = async (row: typeof suggestions.$inferSelect, tx: Tx) => {
      const [full] = await suggestionQuery(tx).where(eq(suggestions.id, row.id))
      return toAdminSuggestion({ ...full!, s: row })
    }
    const updated = await editVersioned(db, {
      actor: admin,
      version: input.version,
      notFoundMessage: REVIEW_MESSAGES.suggestionNotFound,
      load: async (tx) =>
        (await tx.select().from(suggestions).where(eq(suggestions.id, id)).for('update'))[0],
      apply: async (tx) => {
        const [row] = await tx
          .update(suggestions)
          .set({
            reviewedAt: input.reviewed ? sql`now()` : null,
            reviewedBy: input.reviewed ? admin.email : null,
            version: sql`${suggestions.version} + 1`,
          })
          .where(eq(suggestions.id, id))
          .returning()
        return row!
      },
      view,
      audit: {
        action: input.reviewed ? 'suggestion.review' : 'suggestion.unreview',
        entity: 'suggestion',
        entityId: String(id),
      },
    })
    return c.json(updated)
  })

  return app
}
