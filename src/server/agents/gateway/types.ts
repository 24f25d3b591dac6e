import type { SourceItem } from '../../../shared/search-schemas'

/** The agent row the gateway needs (spec §3 Agent). */
export type AgentDefinition = {
  id: string
  name: string
  url: string
  credits: number
}

export type AgentRunInput = {
  agent: AgentDefinition
  /** The chat session (browser-made id) and the consultation's history_id, already recorded. */
  sessionId: string
  historyId: number
  userId: string
  userInput: string
  countryCode: string
  /** Aborted when the consultation times out or the server shuts down. */
  signal: AbortSignal
  /**
   * The answer so far (the whole text, not a delta). The consultations module publishes it to the browser
   * (throttled); an agent may call it as often as it likes.
   */
  onPartial: (answerSoFar: string) => void
}

/** What an agent answered, read as spec §3 says (history_id numeric or numeric string, else null). */
export type AgentAnswer = {
  answer: string
  historyId: number | null
  skipCreditDeduction: boolean
  state: string | null
  /** The agent_id an external agent answered with, when it sent one (informative: the request names the agent). */
  agentId?: string | null
  contextLeyes: SourceItem[]
  contextSentencias: SourceItem[]
}

/** Why an agent run produced no answer; each refunds the reservation. */
export class AgentFailure extends Error {
  readonly reason: 'failed' | 'timeout'
  constructor(reason: 'failed' | 'timeout', message: string) {
    super(message)
    this.name = 'AgentFailure'
    this.reason = reason
  }
}

/** Runs any agent by its url: `builtin:<name>` in process, `http(s)://…` over the original's contract. */
export interface AgentGateway {
  run(input: AgentRunInput): Promise<AgentAnswer>
}
