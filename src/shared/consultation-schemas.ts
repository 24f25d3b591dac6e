import { z } from 'zod'
import { creditSummarySchema } from './credits-schemas'
import { int4IdParam, safeText } from './fields'
import { sourceItemSchema } from './search-schemas'

export const USER_INPUT_MAX_LENGTH = 4000
export const USER_INPUT_TOO_LONG_MESSAGE = `La consulta no puede tener más de ${USER_INPUT_MAX_LENGTH} caracteres`

/** Spec §3 Agent request: POST /api/agentCommunication. */
export const agentRequestSchema = z.object({
  agentId: safeText({ error: 'Selecciona un agente' })
    .trim()
    .min(1, 'Selecciona un agente')
    .max(100, 'Agente no encontrado'),
  sessionId: z
    .string({ error: 'Falta la sesión de chat' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'La sesión de chat no es válida'),
  userInput: safeText({ error: 'Escribe tu consulta' })
    .trim()
    .min(1, 'Escribe tu consulta')
    .max(USER_INPUT_MAX_LENGTH, USER_INPUT_TOO_LONG_MESSAGE),
  countryCode: z
    .string({ error: 'Selecciona un país' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'El país debe ser un código ISO de 2 letras')
    .transform((c) => c.toUpperCase()),
})
export type AgentRequest = z.infer<typeof agentRequestSchema>

export const CONSULTATION_NOT_FOUND = 'Consulta no encontrada'

/** The `:historyId` of GET /api/consultations/:historyId and GET /api/feedback/:historyId. */
export const historyIdParamSchema = int4IdParam(CONSULTATION_NOT_FOUND)

export const SESSION_ID_INVALID = 'La sesión de chat no es válida'

/** The `:sessionId` of GET /api/sessions/:sessionId/consultations. */
export const sessionIdParamSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, SESSION_ID_INVALID)

/**
 * Spec §3 Agent response (the fields the client reads), plus the caller's balance after the consultation so the
 * credits shown move without another round trip.
 */
export const agentResponseSchema = z.object({
  answer: z.string(),
  history_id: z.number().int(),
  skip_credit_deduction: z.boolean(),
  agent_id: z.string(),
  state: z.string(),
  context_leyes: z.array(sourceItemSchema),
  context_sentencias: z.array(sourceItemSchema),
  credits: creditSummarySchema,
})
export type AgentResponse = z.infer<typeof agentResponseSchema>

/** A consultation as its owner reads it back (history, or the answer in progress after a refresh). */
export const consultationRecordSchema = z.object({
  history_id: z.number().int(),
  session_id: z.string(),
  agent_id: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
  /** The latest partial answer while the consultation is pending; null once it is done. */
  partial_answer: z.string().nullable(),
  context_leyes: z.array(sourceItemSchema),
  context_sentencias: z.array(sourceItemSchema),
  cost: z.number().int(),
  state: z.enum(['reserved', 'charged', 'refunded']),
  outcome: z.enum(['pending', 'answered', 'skipped', 'failed', 'timeout']),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export type ConsultationRecord = z.infer<typeof consultationRecordSchema>

/** GET /api/sessions/:sessionId/consultations */
export const consultationListSchema = z.object({ consultations: z.array(consultationRecordSchema) })
export type ConsultationList = z.infer<typeof consultationListSchema>

/** POST /api/agents/partial-answers: an external agent's partial answer (shared-secret header). */
export const partialAnswerPushSchema = z.object({
  session_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'La sesión de chat no es válida'),
  partial_answer: safeText({ error: 'Falta la respuesta parcial' }).max(
    100_000,
    'La respuesta parcial es demasiado larga',
  ),
})
export type PartialAnswerPush = z.infer<typeof partialAnswerPushSchema>
