import { eq, sql } from 'drizzle-orm'
import type { AgentRequest, AgentResponse } from '../../shared/consultation-schemas'
import type { CreditSummary } from '../../shared/credits-schemas'
import { ServiceError } from '../../shared/errors'
import type { Logger } from '../../shared/logger'
import { type AgentAnswer, AgentFailure, type AgentGateway } from '../agents/gateway/types'
import { agents } from '../agents/schema'
import { getSummary } from '../credits/ledger'
import type { Db } from '../db/client'
import { countries } from '../db/schema'
import { clearPartialAnswers, recordPartialAnswer, throttledPartials } from './partial-answers'
import { chargeConsultation, refundConsultation, reserveConsultation, sessionOwner } from './settlement'

export type ConsultDeps = {
  db: Db
  gateway: AgentGateway
  logger: Logger
  timeoutMs: number
  partialIntervalMs?: number
}

export const MESSAGES = {
  agentNotFound: 'Agente no encontrado',
  agentInactive: 'Este agente no está disponible en este momento',
  countryUnavailable: 'País no disponible',
  sessionNotFound: 'Sesión de chat no encontrada',
  insufficient: 'No tienes créditos suficientes para esta consulta. Adquiere más créditos para continuar.',
  timeout: 'El agente no respondió a tiempo. No se descontaron créditos.',
  failed: 'No se pudo obtener respuesta del agente. No se descontaron créditos.',
}

/** Rejects after `ms` even if an agent ignores its abort signal: a consultation never hangs past its limit. */
function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new AgentFailure('timeout', `sin respuesta en ${ms} ms`))
    }, ms)
  })
  return Promise.race([run(controller.signal), deadline]).finally(() => clearTimeout(timer))
}

/**
 * One consultation, spec §4 "asking an agent" and DESIGN 3: the agent looked up first, the cost reserved before
 * it runs, then charged when the answer is delivered or refunded when it fails, times out or skips the charge.
 */
export async function consult(
  deps: ConsultDeps,
  userId: string,
  input: AgentRequest,
): Promise<AgentResponse> {
  const { db, logger } = deps
  // The agent and whether the country is active, in one round trip; their errors still come in the spec's order
  // (agent first).
  const [found] = await db
    .select({
      agent: agents,
      countryActive: sql<boolean>`exists (select 1 from ${countries} where ${countries.iso2} = ${input.countryCode} and ${countries.active})`,
    })
    .from(agents)
    .where(eq(agents.id, input.agentId))
  const agent = found?.agent
  if (!agent) throw new ServiceError('NOT_FOUND', MESSAGES.agentNotFound)
  if (agent.status !== 'active') throw new ServiceError('VALIDATION_ERROR', MESSAGES.agentInactive)
  if (!found?.countryActive)
    throw new ServiceError('INVALID_PARAMS', MESSAGES.countryUnavailable, { countryCode: input.countryCode })
  const reservation = {
    userId,
    sessionId: input.sessionId,
    agentId: agent.id,
    countryCode: input.countryCode,
    question: input.userInput,
    cost: agent.credits,
  }
  let reserved = await reserveConsultation(db, reservation)
  if (reserved.owner === null) {
    // A claim made by a concurrent request commits after the statement's snapshot: look again, and if the session
    // is this user's after all, reserve now that it is visible.
    const owner = await sessionOwner(db, input.sessionId)
    reserved = owner === userId ? await reserveConsultation(db, reservation) : { owner, id: null }
  }
  // Anyone else's session id gets NOT_FOUND, as if it did not exist.
  if (reserved.owner !== userId) throw new ServiceError('NOT_FOUND', MESSAGES.sessionNotFound)
  const historyId = reserved.id
  if (historyId === null) {
    const summary = await getSummary(db, userId)
    throw new ServiceError('INSUFFICIENT_CREDITS', MESSAGES.insufficient, {
      required: agent.credits,
      remaining: summary.remaining_credits,
    })
  }

  const partials = throttledPartials(
    (text) =>
      recordPartialAnswer(db, input.sessionId, text).catch((error: unknown) => {
        logger.warn('No se pudo guardar una respuesta parcial', { historyId, error: String(error) })
      }),
    deps.partialIntervalMs,
  )
  let answer: AgentAnswer
  try {
    answer = await withDeadline(
      (signal) =>
        deps.gateway.run({
          agent: { id: agent.id, name: agent.name, url: agent.url, credits: agent.credits },
          sessionId: input.sessionId,
          historyId,
          userId,
          userInput: input.userInput,
          countryCode: input.countryCode,
          signal,
          onPartial: partials.push,
        }),
      deps.timeoutMs,
    )
  } catch (error) {
    await partials.close()
    const reason = error instanceof AgentFailure ? error.reason : 'failed'
    const detail = error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300)
    logger.warn('Consulta sin respuesta del agente', { historyId, agentId: agent.id, reason, detail })
    await refundConsultation(db, historyId, reason, { error: detail })
    await clearPartialAnswers(db, input.sessionId)
    throw new ServiceError(
      'COMMUNICATION_ERROR',
      reason === 'timeout' ? MESSAGES.timeout : MESSAGES.failed,
      { history_id: historyId, reason },
      reason === 'timeout' ? 504 : 502,
    )
  }
  await partials.close()

  const result = {
    answer: answer.answer,
    contextLeyes: answer.contextLeyes,
    contextSentencias: answer.contextSentencias,
  }
  let credits: CreditSummary | null = null
  if (answer.skipCreditDeduction) {
    await refundConsultation(db, historyId, 'skipped', result)
    await clearPartialAnswers(db, input.sessionId)
  } else credits = await chargeConsultation(db, historyId, result)

  return {
    answer: answer.answer,
    history_id: historyId,
    skip_credit_deduction: answer.skipCreditDeduction,
    agent_id: agent.id,
    state: answer.skipCreditDeduction ? 'skipped' : 'answered',
    context_leyes: answer.contextLeyes,
    context_sentencias: answer.contextSentencias,
    credits: credits ?? (await getSummary(db, userId)),
  }
}
