import type { Logger } from '../../../shared/logger'
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { AgentFailure, type AgentGateway } from './types'

export type GatewayDeps = { config: AppConfig; db: Db; logger: Logger }

/** Chooses how an agent runs from its url (DESIGN 7). The builtin and HTTP runners are being written. */
export function createAgentGateway(_deps: GatewayDeps): AgentGateway {
  return {
    async run({ agent }) {
      throw new AgentFailure('failed', `El agente ${agent.id} no tiene un ejecutor para ${agent.url}`)
    },
  }
}
