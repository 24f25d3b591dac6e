import { and, count, eq, gt, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { ServiceError } from '../../shared/errors'
import { type SuggestionResponse, suggestionRequestSchema } from '../../shared/suggestion-schemas'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
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
    const [recent] = await db
      .select({ n: count() })
      .from(suggestions)
      .where(and(eq(suggestions.userId, userId), gt(suggestions.createdAt, sql`now() - interval '1 hour'`)))
    if ((recent?.n ?? 0) >= SUGGESTIONS_PER_HOUR) {
      throw new ServiceError(
        'VALIDATION_ERROR',
        'Has enviado muchas sugerencias en poco tiempo. Inténtalo de nuevo más tarde.',
        undefined,
        429,
      )
    }
    const [row] = await db
      .insert(suggestions)
      .values({ userId, suggestion })
      .returning({ id: suggestions.id })
    const body: SuggestionResponse = { id: row!.id, message: 'Tu sugerencia ha sido enviada' }
    return c.json(body, 201)
  })
  return app
}
