import { and, count, eq, gt, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { ServiceError } from '../../shared/errors'
import { type SuggestionResponse, suggestionRequestSchema } from '../../shared/suggestion-schemas'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import { LOCK_SCOPES, lockForTransaction } from '../db/advisory-lock'
import type { Db } from '../db/client'
import { jsonBody } from '../http/validate'
import { suggestions } from './schema'

/** A person has a few ideas an hour; a script has hundreds. Counted in the database so every instance agrees. */
export const SUGGESTIONS_PER_HOUR = 10

export function suggestionRoutes(db: Db, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>()

  app.post('/suggestions', requireUser(auth), async (c) => {
    const { suggestion } = await jsonBody(c, suggestionRequestSchema)
    const userId = c.get('user').id
    // Counted and inserted under the user's lock: 30 requests sent at once would otherwise all count the same
    // rows and 20 got past a limit of 10.
    const row = await db.transaction(async (tx) => {
      await lockForTransaction(tx, LOCK_SCOPES.suggestionsOfUser, userId)
      const [recent] = await tx
        .select({ n: count() })
        .from(suggestions)
        .where(and(eq(suggestions.userId, userId), gt(suggestions.createdAt, sql`now() - interval '1 hour'`)))
      if ((recent?.n ?? 0) >= SUGGESTIONS_PER_HOUR) return null
      const [inserted] = await tx
        .insert(suggestions)
        .values({ userId, suggestion })
        .returning({ id: suggestions.id })
      return inserted!
    })
    if (!row) {
      throw new ServiceError(
        'VALIDATION_ERROR',
        'Has enviado muchas sugerencias en poco tiempo. Inténtalo de nuevo más tarde.',
        undefined,
        429,
      )
    }
    const body: SuggestionResponse = { id: row.id, message: 'Tu sugerencia ha sido enviada' }
    return c.json(body, 201)
  })
  return app
}
