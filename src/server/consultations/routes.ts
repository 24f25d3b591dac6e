import { Hono } from 'hono'
import {
  agentRequestSchema,
  CONSULTATION_NOT_FOUND,
  type ConsultationList,
  historyIdParamSchema,
  SESSION_ID_INVALID,
  sessionIdParamSchema,
} from '../../shared/consultation-schemas'
import { ServiceError } from '../../shared/errors'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import { jsonBody, pathParam } from '../http/validate'
import { type ConsultDeps, consult } from './consult'
import { ownRecord, sessionRecords } from './records'

/** Spec §7 POST /api/agentCommunication (bearer or cookie), and the caller's own consultations read back. */
export function consultationRoutes(deps: ConsultDeps, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>()
  const signedIn = requireUser(auth)

  app.post('/agentCommunication', signedIn, async (c) => {
    const input = await jsonBody(c, agentRequestSchema)
    return c.json(await consult(deps, c.get('user').id, input))
  })

  app.get('/sessions/:sessionId/consultations', signedIn, async (c) => {
    const sessionId = pathParam(c, 'sessionId', sessionIdParamSchema, {
      code: 'INVALID_PARAMS',
      message: SESSION_ID_INVALID,
    })
    const body: ConsultationList = {
      consultations: await sessionRecords(deps.db, c.get('user').id, sessionId),
    }
    return c.json(body)
  })

  app.get('/consultations/:historyId', signedIn, async (c) => {
    // An id that cannot exist (not digits, above int4) is as missing as someone else's.
    const notFound = { code: 'NOT_FOUND', message: CONSULTATION_NOT_FOUND } as const
    const historyId = pathParam(c, 'historyId', historyIdParamSchema, notFound)
    const record = await ownRecord(deps.db, c.get('user').id, historyId)
    if (!record) throw new ServiceError(notFound.code, notFound.message)
    return c.json(record)
  })
  return app
}
