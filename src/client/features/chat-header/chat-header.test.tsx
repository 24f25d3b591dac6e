// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Agent, Country } from '../../../shared/agent-schemas'
import { renderWithTheme } from '../../test/render'
import { pickerState } from '../agents'
import type { CountryChoice } from '../countries'
import type { HeaderFit } from './header-fit'

// Signed in as Ana: the header's user menu reads who is signed in from the auth feature.
vi.mock('../auth/provider', () => ({
  useAuth: () => ({ user: { id: 'u-1', email: 'ana@example.pe' }, signOut: async () => {} }),
}))

const { ChatHeader } = await import('./chat-header')

const agents = [
  { id: 'general', name: 'Asistente general', credits: 1, status: 'active' },
  { id: 'penal', name: 'Penal', credits: 3, status: 'active' },
] as Agent[]
const countries: Country[] = [{ iso2: 'PE', name: 'Perú', flag: '', active: true }]

function renderHeader(fit: HeaderFit, { remaining = 10, sidebarOpen = false } = {}) {
  const props = { onOpenSidebar: vi.fn(), onAgentChange: vi.fn(), onBuyCredits: vi.fn(), choose: vi.fn() }
  const country: CountryChoice = { loading: false, countries, value: 'PE', choose: props.choose }
  // The logo links home, so the header sits inside a router.
  renderWithTheme(
    <MemoryRouter>
      <ChatHeader
        fit={fit}
        left={{ base: '0', md: '0' }}
        sidebarOpen={sidebarOpen}
        onOpenSidebar={props.onOpenSidebar}
        country={country}
        agents={pickerState({ loading: false, failed: false, agents, remaining, selectedId: null })}
        onAgentChange={props.onAgentChange}
        onBuyCredits={props.onBuyCredits}
      />
    </MemoryRouter>,
  )
  return props
}

afterEach(cleanup)

describe('ChatHeader', () => {
  it('when wide, shows both pickers in the bar and passes on each choice', () => {
    const { onAgentChange, choose } = renderHeader('wide')
    fireEvent.change(screen.getByLabelText('Agente'), { target: { value: 'penal' } })
    expect(onAgentChange).toHaveBeenCalledWith('penal')
    fireEvent.change(screen.getByLabelText('País'), { target: { value: 'PE' } })
    expect(choose).toHaveBeenCalledWith('PE')
    expect(screen.queryByTestId('header-pickers')).toBeNull()
    expect(screen.getByTestId('user-menu').textContent).toBe('ana@example.pe')
  })

  it('when narrower, folds the pickers into one control that names the agent in effect', () => {
    renderHeader('compact')
    expect(screen.queryByLabelText('Agente')).toBeNull()
    expect(screen.getByTestId('header-pickers').textContent).toContain('Asistente general')
  })

  it('offers the history while the sidebar is closed, and not once it is open', () => {
    const { onOpenSidebar } = renderHeader('wide')
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar historial' }))
    expect(onOpenSidebar).toHaveBeenCalledTimes(1)
    cleanup()
    renderHeader('wide', { sidebarOpen: true })
    expect(screen.queryByRole('button', { name: 'Mostrar historial' })).toBeNull()
  })

  it('without credits, the agent picker offers the plans', () => {
    const { onBuyCredits } = renderHeader('wide', { remaining: 0 })
    expect(screen.getByText('Sin créditos disponibles')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Adquirir creditos' }))
    expect(onBuyCredits).toHaveBeenCalledTimes(1)
  })
})
