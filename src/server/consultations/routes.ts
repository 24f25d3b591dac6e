import { Hono } from 'hono'
import { agentRequestSchema, type ConsultationList } from '../../shared/consultation-schemas'
import { ServiceError } from '../../shared/errors'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import { jsonBody } from '../http/validate'
import { type ConsultDeps, consult } from './consult'
import { ownRecord, sessionRecords } from './records'

const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/
const NOT_FOUND = 'Consulta no encontrada'

/** Spec §7 POST /api/agentCommunication (bearer or cookie), and the caller's own consultations read back. */
export function consultationRoutes(deps: ConsultDeps, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>()
  const signedIn = requireUser(auth)

  app.post('/agentCommunication', signedIn, async (c) => {
    const input = await jsonBody(c, agentRequestSchema)
    return c.json(await consult(deps, c.get('user').id, input))
  })

  app.get('/sessions/:sessionId/consultations', signedIn, async (c) => {
    const sessionId = c.req.param('sessionId')
    if (!SESSION_ID.test(sessionId))
      throw new ServiceError('INVALID_PARAMS', 'La sesión de chat no es válida')
    const body: ConsultationList = {
      consultations: await sessionRecords(deps.db, c.get('user').id, sessionId),
    }
    return c.json(body)
  })

  app.get('/consultations/:historyId', signedIn, async (c) => {
    const historyId = Number(c.req.param('historyId'))
    const record =
      Number.isSafeInteger(historyId) && historyId > 0
        ? await ownRecord(deps.db, c.get('user').id, historyId)
        : null
    if (!record) throw new ServiceError('NOT_FOUND', NOT_FOUND)
    return c.json(record)
  })
  return app
}
