import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { partialAnswerPushSchema } from '../../shared/consultation-schemas'
import { ServiceError } from '../../shared/errors'
import type { AppConfig } from '../config'
import { consultations, n8nPartialAnswers } from '../consultations/schema'
import type { Db } from '../db/client'
import { queryRows } from '../db/query'
import { jsonBody } from '../http/validate'
import { secretMatches } from './agent-secret'

/** POST /api/agents/partial-answers, for external agents that hold AGENT_SHARED_SECRET (absent → 404). */
export function partialAnswerPushRoutes({ db, config }: { db: Db; config: AppConfig }) {
  const app = new Hono()

  /**
   * An external agent (n8n) pushes the answer it is composing, for a consultation in progress. The row goes to
   * n8n_partial_answers, whose trigger announces it like any other partial answer.
   */
  app.post('/agents/partial-answers', async (c) => {
    const secret = config.agentSharedSecret
    if (!secret) throw new ServiceError('NOT_FOUND', 'Ruta no encontrada')
    if (!secretMatches(c.req.header('x-agent-secret'), secret)) {
      throw new ServiceError('UNAUTHORIZED', 'Agente no autorizado')
    }
    const { session_id, partial_answer } = await jsonBody(c, partialAnswerPushSchema, {
      code: 'INVALID_PARAMS',
    })
    // One statement: the row is written only while the session has a consultation pending.
    const inserted = await queryRows<{ id: number }>(
      db,
      sql`insert into ${n8nPartialAnswers} (session_id, partial_answer)
          select ${session_id}, ${partial_answer}
          where exists (
            select 1 from ${consultations} where session_id = ${session_id} and outcome = 'pending'
          )
          returning id`,
    )
    if (inserted.length === 0)
      throw new ServiceError('NOT_FOUND', 'No hay una consulta en curso en esta sesión')
    return c.body(null, 204)
  })

  return app
}
