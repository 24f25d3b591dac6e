import type { Agent } from '../../../shared/agent-schemas'

export type PickerState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'no-agents' }
  | { kind: 'no-credits' }
  | { kind: 'list'; agents: { agent: Agent; affordable: boolean }[]; selectedId: string }

/** Spec §4 agent picker: loading, no active agents, no credits, or the list (first active when none chosen). */
export function pickerState(input: {
  loading: boolean
  failed: boolean
  agents: Agent[] | undefined
  remaining: number | null
  selectedId: string | null
}): PickerState {
  if (input.loading) return { kind: 'loading' }
  if (input.failed || !input.agents) return { kind: 'error' }
  const active = input.agents.filter((a) => a.status === 'active')
  if (active.length === 0) return { kind: 'no-agents' }
  if (input.remaining !== null && input.remaining <= 0) return { kind: 'no-credits' }
  const remaining = input.remaining ?? Number.POSITIVE_INFINITY
  const agents = active.map((agent) => ({ agent, affordable: agent.credits <= remaining }))
  const chosen = agents.find((a) => a.agent.id === input.selectedId && a.affordable)
  return { kind: 'list', agents, selectedId: chosen?.agent.id ?? active[0]!.id }
}

/** The agent in effect: the chosen one, or the first active one when none was chosen; null in the other states. */
export function chosenAgent(state: PickerState): Agent | null {
  if (state.kind !== 'list') return null
  return state.agents.find((a) => a.agent.id === state.selectedId)?.agent ?? null
}
