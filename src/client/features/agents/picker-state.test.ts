import { describe, expect, it } from 'vitest'
import { chosenAgent, pickerState } from './picker-state'

const agent = (id: string, credits: number, status = 'active') => ({
  id,
  name: id,
  description: '',
  url: `builtin:${id}`,
  status,
  credits,
})
const agents = [agent('general', 1), agent('penal', 2), agent('tributario', 3, 'inactive')]

describe('agent picker state', () => {
  it('is loading, then failed, then empty when no agent is active', () => {
    expect(
      pickerState({ loading: true, failed: false, agents: undefined, remaining: 5, selectedId: null }).kind,
    ).toBe('loading')
    expect(
      pickerState({ loading: false, failed: true, agents: undefined, remaining: 5, selectedId: null }).kind,
    ).toBe('error')
    expect(
      pickerState({ loading: false, failed: false, agents: [agents[2]!], remaining: 5, selectedId: null })
        .kind,
    ).toBe('no-agents')
  })

  it('says there are no credits at 0 or below', () => {
    expect(pickerState({ loading: false, failed: false, agents, remaining: 0, selectedId: null }).kind).toBe(
      'no-credits',
    )
  })

  it('lists active agents only, marks the unaffordable, and shows the first active when none is chosen', () => {
    const s = pickerState({ loading: false, failed: false, agents, remaining: 1, selectedId: null })
    expect(s).toMatchObject({ kind: 'list', selectedId: 'general' })
    if (s.kind !== 'list') throw new Error()
    expect(s.agents.map((a) => [a.agent.id, a.affordable])).toEqual([
      ['general', true],
      ['penal', false],
    ])
    expect(
      pickerState({ loading: false, failed: false, agents, remaining: 5, selectedId: 'penal' }),
    ).toMatchObject({
      selectedId: 'penal',
    })
    // A chosen agent that became unaffordable falls back to the first.
    expect(
      pickerState({ loading: false, failed: false, agents, remaining: 1, selectedId: 'penal' }),
    ).toMatchObject({
      selectedId: 'general',
    })
  })
})

describe('chosenAgent', () => {
  it('gives the agent in effect only when the list shows', () => {
    const list = pickerState({ loading: false, failed: false, agents, remaining: 5, selectedId: 'penal' })
    expect(chosenAgent(list)?.id).toBe('penal')
    const first = pickerState({ loading: false, failed: false, agents, remaining: 5, selectedId: null })
    expect(chosenAgent(first)?.id).toBe('general')
    const broke = pickerState({ loading: false, failed: false, agents, remaining: 0, selectedId: 'penal' })
    expect(chosenAgent(broke)).toBeNull()
  })
})
