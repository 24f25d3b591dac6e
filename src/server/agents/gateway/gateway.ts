import type { Logger } from '../../../shared/logger'
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { createResearchAgent } from '../../research/research-agent'
import { researchScope } from '../../research/scopes'
import { agentOrigin, createHttpAgent, type HttpAgentOptions } from './http-agent'
import { AgentFailure, type AgentGateway } from './types'

export type GatewayDeps = {
  config: AppConfig
  db: Db
  logger: Logger
  /** Tests: a shorter backoff or attempt timeout for HTTP agents. */
  http?: Pick<HttpAgentOptions, 'attemptTimeoutMs' | 'retryBaseDelayMs' | 'retries' | 'fetch'>
  /** Tests: the fetch the research agent's LLM calls use. */
  llmFetch?: typeof fetch
}

const BUILTIN = /^builtin:([a-z0-9_-]+)$/

/**
 * Chooses how an agent runs from its url (DESIGN 7): `builtin:<scope>` → the research agent over that part of the
 * corpus; `http(s)://…` → an external agent over the original's contract; anything else fails. Whatever goes wrong
 * inside a run surfaces as AgentFailure, so the consultation always knows to refund.
 */
export function createAgentGateway(deps: GatewayDeps): AgentGateway {
  const { config, db, logger } = deps
  const research = createResearchAgent({ db, logger, llm: config.llm, fetch: deps.llmFetch })
  const http = createHttpAgent({ logger, secret: config.agentSharedSecret, ...deps.http })

  return {
    async run(input) {
      const { agent, signal } = input
      try {
        const builtin = BUILTIN.exec(agent.url)
        if (builtin) {
          // The process's pack, not input.countryCode's: search reads that one pack too (one process serves one
          // country, decision 0028), and a country with no pack nor corpus still gets the agent's plain answer.
          const scope = researchScope(builtin[1]!)
          if (!scope) throw new AgentFailure('failed', `El agente ${agent.id} pide un ámbito desconocido`)
          return await research.run(scope, input)
        }
        if (/^https?:\/\//i.test(agent.url)) return await http.run(input)
        throw new AgentFailure('failed', `El agente ${agent.id} no tiene una URL que se pueda ejecutar`)
      } catch (error) {
        if (error instanceof AgentFailure) throw error
        if (signal.aborted) throw new AgentFailure('timeout', 'La consulta superó el tiempo máximo')
        logger.error('El agente falló de forma inesperada', {
          agentId: agent.id,
          agentOrigin: agent.url.startsWith('builtin:') ? agent.url : agentOrigin(agent.url),
          reason: (error as Error).message?.split('\n')[0]?.slice(0, 300),
        })
        throw new AgentFailure('failed', 'El agente no pudo responder')
      }
    },
  }
}
