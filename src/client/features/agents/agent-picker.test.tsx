// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Agent } from '../../../shared/agent-schemas'
import { renderWithTheme } from '../../test/render'
import { AgentPicker } from './agent-picker'
import { pickerState } from './picker-state'

const agent = (id: string, name: string, credits: number, status: Agent['status'] = 'active') =>
  ({ id, name, credits, status }) as Agent

const agents = [
  agent('general', 'Asistente general', 1),
  agent('penal', 'Penal', 3),
  agent('viejo', 'Viejo', 1, 'inactive'),
]

function renderPicker(input: Partial<Parameters<typeof pickerState>[0]>, onBuyCredits?: () => void) {
  const onChange = vi.fn()
  const state = pickerState({
    loading: false,
    failed: false,
    agents,
    remaining: 10,
    selectedId: null,
    ...input,
  })
  renderWithTheme(<AgentPicker state={state} onChange={onChange} onBuyCredits={onBuyCredits} />)
  return onChange
}

afterEach(cleanup)

describe('AgentPicker', () => {
  it('says the agents are loading, then that they could not be loaded', () => {
    renderPicker({ loading: true })
    expect(screen.getByText('Cargando agentes...')).toBeTruthy()
    cleanup()
    renderPicker({ failed: true })
    expect(screen.getByRole('alert').textContent).toBe('No se pudieron cargar los agentes')
  })

  it('lists only the active agents with their cost, the first one chosen, and reports a choice', () => {
    const onChange = renderPicker({})
    const select = screen.getByLabelText<HTMLSelectElement>('Agente')
    const shown = Array.from(select.options)
      .filter((o) => !o.hidden)
      .map((o) => o.textContent)
    expect(shown).toEqual(['Asistente general · 1 crédito', 'Penal · 3 créditos'])
    expect(select.value).toBe('general')
    fireEvent.change(select, { target: { value: 'penal' } })
    expect(onChange).toHaveBeenCalledWith('penal')
  })

  it('shows an agent the balance cannot pay for as disabled, saying what it needs', () => {
    renderPicker({ remaining: 2, selectedId: 'penal' })
    const select = screen.getByLabelText<HTMLSelectElement>('Agente')
    const penal = Array.from(select.options).find((o) => o.value === 'penal')!
    expect(penal.disabled).toBe(true)
    expect(penal.textContent).toBe('Penal · Requiere 3 créditos')
    // The chosen agent is unaffordable, so the first one that is takes its place.
    expect(select.value).toBe('general')
  })

  it('says when no agent is active', () => {
    renderPicker({ agents: [agent('viejo', 'Viejo', 1, 'inactive')] })
    expect(screen.getByTestId('agent-picker-notice').textContent).toBe('Sin agentes disponibles')
    expect(screen.queryByLabelText('Agente')).toBeNull()
  })

  it('without credits, says so and offers the plans', () => {
    const onBuy = vi.fn()
    renderPicker({ remaining: 0 }, onBuy)
    expect(screen.getByTestId('agent-picker-notice').textContent).toBe('Sin créditos disponibles')
    fireEvent.click(screen.getByRole('button', { name: 'Adquirir creditos' }))
    expect(onBuy).toHaveBeenCalledTimes(1)
  })
})
