import type { SourceItem } from '../../shared/search-schemas'
import {
  type AgentAnswer,
  AgentFailure,
  type AgentGateway,
  type AgentRunInput,
} from '../agents/gateway/types'

export type FakeBehaviour = 'answer' | 'skip' | 'fail' | 'hang' | 'throw'

export const FAKE_SOURCE: SourceItem = {
  title: 'Constitución Política del Perú, Artículo 112',
  tipo_alias: 'Constitución',
  jerarquia_alias: 'Norma constitucional',
  content: 'El mandato presidencial es de cinco años, no hay reelección inmediata.',
  file_name: 'CON-1993.pdf',
  path: 'originals/CON-1993.pdf',
  url: '/api/originals/CON-1993.pdf',
  page_number: 30,
  context_page: 'Título IV › Artículo 112',
  identifier: 'CON-1993',
  kind: 'norma',
  label: 'Artículo 112',
  heading: 'Mandato presidencial',
  number: '112',
  status: 'vigente',
  last_updated: '2021-03-01',
  notes: [],
  snippet: 'El mandato presidencial es de cinco años',
}

/** A gateway for consultation tests: counts runs and does what the test says, including never answering. */
export function fakeGateway() {
  const state = {
    behaviour: 'answer' as FakeBehaviour,
    runs: 0,
    inputs: [] as AgentRunInput[],
    /** When set, the agent pushes a partial and waits for this before answering. */
    gate: null as Promise<void> | null,
  }
  const gateway: AgentGateway = {
    async run(input): Promise<AgentAnswer> {
      state.runs++
      state.inputs.push(input)
      input.onPartial('El mandato presidencial')
      if (state.gate) await state.gate
      switch (state.behaviour) {
        case 'fail':
          throw new AgentFailure('failed', 'HTTP 500 del agente')
        case 'throw':
          throw new Error('fallo inesperado')
        case 'hang':
          return new Promise<AgentAnswer>(() => {})
        default:
          return {
            answer: 'El mandato presidencial es de cinco años [1].',
            historyId: input.historyId,
            skipCreditDeduction: state.behaviour === 'skip',
            state: 'answered',
            contextLeyes: [FAKE_SOURCE],
            contextSentencias: [],
          }
      }
    },
  }
  return { gateway, state }
}
