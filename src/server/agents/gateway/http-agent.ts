import {
  externalAgentResponseSchema,
  readBooleanish,
  readHistoryId,
  readSourceItems,
} from '../../../shared/external-agent-schemas'
import type { Logger } from '../../../shared/logger'
import { type AgentAnswer, AgentFailure, type AgentRunInput } from './types'

export type HttpAgentOptions = {
  logger: Logger
  /** Sent as `x-agent-secret` when set (AGENT_SHARED_SECRET). Never logged. */
  secret?: string
  /** One attempt's limit; the run's own signal bounds the whole run. */
  attemptTimeoutMs?: number
  /** Retries after a 5xx or a network error (the original's 2). */
  retries?: number
  /** Backoff before retry n (0-based): base × 2ⁿ. Tests shorten it. */
  retryBaseDelayMs?: number
  fetch?: typeof fetch
}

export const HTTP_AGENT_DEFAULTS = { attemptTimeoutMs: 120_000, retries: 2, retryBaseDelayMs: 1000 }

/** What a log line may say about an agent's URL: its origin. Path and query may hold a webhook's secret. */
export function agentOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'url-invalida'
  }
}

class RetryableError extends Error {}

/** Waits, unless the run is aborted first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

const timeoutFailure = () => new AgentFailure('timeout', 'El agente no respondió a tiempo')

/** The response body as spec §3 reads it; AgentFailure('failed') when it is not JSON or has no answer. */
export function readAgentBody(body: string): AgentAnswer {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new AgentFailure('failed', 'El agente respondió algo que no es JSON')
  }
  // An n8n "Respond to Webhook" node set to "all incoming items" wraps the object in a one-item array.
  if (Array.isArray(json) && json.length === 1) json = json[0]
  const parsed = externalAgentResponseSchema.safeParse(json)
  if (!parsed.success) {
    throw new AgentFailure(
      'failed',
      `Respuesta del agente inválida: ${parsed.error.issues[0]?.message ?? ''}`,
    )
  }
  const r = parsed.data
  const agentId = typeof r.agent_id === 'string' || typeof r.agent_id === 'number' ? String(r.agent_id) : null
  return {
    answer: r.answer,
    historyId: readHistoryId(r.history_id),
    skipCreditDeduction: readBooleanish(r.skip_credit_deduction),
    state: typeof r.state === 'string' ? r.state : null,
    agentId,
    contextLeyes: readSourceItems(r.context_leyes, 'norma'),
    contextSentencias: readSourceItems(r.context_sentencias, 'sentencia'),
  }
}

/**
 * An external agent over the original's contract: POST `{agentId, sessionId, userInput, countryCode}` as JSON,
 * the shared secret in `x-agent-secret`, 2 retries with exponential backoff on 5xx and network errors, none on 4xx.
 * Redirects are refused: following one would hand the secret header to wherever it points.
 */
export function createHttpAgent(options: HttpAgentOptions) {
  const attemptTimeoutMs = options.attemptTimeoutMs ?? HTTP_AGENT_DEFAULTS.attemptTimeoutMs
  const retries = options.retries ?? HTTP_AGENT_DEFAULTS.retries
  const baseDelay = options.retryBaseDelayMs ?? HTTP_AGENT_DEFAULTS.retryBaseDelayMs
  const doFetch = options.fetch ?? fetch

  return {
    async run(input: AgentRunInput): Promise<AgentAnswer> {
      const { agent, signal } = input
      const log = options.logger.child({
        metadata: { agentId: agent.id, agentOrigin: agentOrigin(agent.url), historyId: input.historyId },
      })
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      }
      if (options.secret) headers['x-agent-secret'] = options.secret
      const body = JSON.stringify({
        agentId: agent.id,
        sessionId: input.sessionId,
        userInput: input.userInput,
        countryCode: input.countryCode,
      })

      for (let attempt = 0; ; attempt++) {
        if (signal.aborted) throw timeoutFailure()
        const attemptSignal = AbortSignal.any([signal, AbortSignal.timeout(attemptTimeoutMs)])
        try {
          let response: Response
          let text: string
          try {
            response = await doFetch(agent.url, {
              method: 'POST',
              headers,
              body,
              signal: attemptSignal,
              redirect: 'manual',
            })
            text = await response.text()
          } catch (error) {
            if (attemptSignal.aborted) {
              log.warn('El agente externo no respondió a tiempo', { attempt: attempt + 1 })
              throw timeoutFailure()
            }
            throw new RetryableError(`error de red: ${(error as Error).message}`)
          }
          if (response.status >= 500) throw new RetryableError(`HTTP ${response.status}`)
          if (!response.ok) {
            log.warn('El agente externo rechazó la consulta', { status: response.status })
            throw new AgentFailure('failed', `El agente respondió HTTP ${response.status}`)
          }
          try {
            return readAgentBody(text)
          } catch (error) {
            log.warn('Respuesta del agente externo ilegible', { reason: (error as Error).message })
            throw error
          }
        } catch (error) {
          if (!(error instanceof RetryableError)) throw error
          if (attempt >= retries) {
            log.error('El agente externo falló tras los reintentos', {
              attempts: attempt + 1,
              reason: error.message,
            })
            throw new AgentFailure('failed', `El agente no respondió correctamente (${error.message})`)
          }
          const delay = baseDelay * 2 ** attempt
          log.warn('El agente externo falló; se reintenta', {
            attempt: attempt + 1,
            reason: error.message,
            delay,
          })
          try {
            await sleep(delay, signal)
          } catch {
            throw timeoutFailure()
          }
        }
      }
    },
  }
}
