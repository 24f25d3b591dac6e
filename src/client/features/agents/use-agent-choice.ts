import { useEffect } from 'react'
import { type PickerState, pickerState } from './picker-state'
import { useAgents } from './use-agents'

/**
 * The agent picker's state for the balance shown and the chosen id. Held by the page, so the agent in effect is
 * known (and its cost shown) while the picker itself sits folded in the header's compact control.
 */
export function useAgentChoice(input: {
  remaining: number | null
  selectedId: string | null
  onAgentsLoaded?: (agents: { id: string; credits: number }[]) => void
}): PickerState {
  const query = useAgents()
  const { onAgentsLoaded } = input
  useEffect(() => {
    if (query.data) onAgentsLoaded?.(query.data.map((a) => ({ id: a.id, credits: a.credits })))
  }, [query.data, onAgentsLoaded])
  return pickerState({
    loading: query.isPending,
    failed: query.isError,
    agents: query.data,
    remaining: input.remaining,
    selectedId: input.selectedId,
  })
}
