import { createLogger } from '../../shared/logger'
import type { AgentAnswer } from '../agents/gateway/types'
import type { Db } from '../db/client'
import { createResearchAgent } from '../research/research-agent'
import { researchScope } from '../research/scopes'

/**
 * The builtin 'Lexia General' agent's extractive answer (no model) to one question over a test's database, as the
 * gateway would run it for a user in Peru. Logs are dropped; a test that reads them builds its own agent.
 */
export function askGeneral(db: Db, question: string): Promise<AgentAnswer> {
  const agent = createResearchAgent({ db, logger: createLogger({ level: 'ERROR', sinks: [] }), llm: null })
  return agent.run(researchScope('general')!, {
    agent: { id: 'general', name: 'Lexia General', url: 'builtin:general', credits: 1 },
    sessionId: 'sesion-1',
    historyId: 1,
    userId: 'u-1',
    userInput: question,
    countryCode: 'PE',
    signal: new AbortController().signal,
    onPartial: () => {},
  })
}
