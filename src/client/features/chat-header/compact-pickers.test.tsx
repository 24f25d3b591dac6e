// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Agent, Country } from '../../../shared/agent-schemas'
import { renderWithTheme } from '../../test/render'
import { type PickerState, pickerState } from '../agents'
import type { CountryChoice } from '../countries'
import { CompactPickers } from './compact-pickers'

const agent = (id: string, name: string, credits: number): Agent => ({
  id,
  name,
  description: '',
  url: `builtin:${id}`,
  status: 'active',
  credits,
})
const AGENTS = [agent('general', 'Lexia General', 1), agent('penal', 'Lexia Penal', 2)]
const COUNTRIES: Country[] = [
  { iso2: 'PE', name: 'Perú', flag: '🇵🇪', active: true },
  { iso2: 'CO', name: 'Colombia', flag: '🇨🇴', active: true },
]

const listOf = (remaining: number, selectedId: string | null = null) =>
  pickerState({ loading: false, failed: false, agents: AGENTS, remaining, selectedId })

function setup(agents: PickerState, country: Partial<CountryChoice> = {}) {
  const choice: CountryChoice = {
    loading: false,
    countries: COUNTRIES,
    value: 'PE',
    choose: vi.fn(),
    ...country,
  }
  const onAgentChange = vi.fn()
  const onBuyCredits = vi.fn()
  renderWithTheme(
    <CompactPickers
      country={choice}
      agents={agents}
      onAgentChange={onAgentChange}
      onBuyCredits={onBuyCredits}
    />,
  )
  return { choice, onAgentChange, onBuyCredits, button: screen.getByTestId('header-pickers') }
}

const open = async (button: HTMLElement) => {
  fireEvent.click(button)
  return waitFor(() => screen.getByTestId('header-pickers-panel'))
}

afterEach(cleanup)

describe('CompactPickers', () => {
  it("shows the country's flag and code and the agent in effect with its cost, and names itself", () => {
    const { button } = setup(listOf(5))
    expect(screen.getByTestId('header-pickers-agent').textContent).toBe('Lexia General')
    expect(screen.getByTestId('header-pickers-detail').textContent).toBe('PE · 1 crédito')
    expect(button.querySelector('[data-testid="country-flag"]')?.getAttribute('data-country')).toBe('PE')
    // The flag is drawn, not typed: no emoji reaches the page.
    expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}|\p{Regional_Indicator}/u)
    expect(button.textContent).toMatch(/^País y agente: /)
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens both pickers; a choice goes to the page', async () => {
    const { button, choice, onAgentChange } = setup(listOf(5, 'penal'))
    expect(screen.getByTestId('header-pickers-agent').textContent).toBe('Lexia Penal')
    expect(screen.getByTestId('header-pickers-detail').textContent).toBe('PE · 2 créditos')
    const panel = await open(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const country = screen.getByLabelText('País') as HTMLSelectElement
    const agentSelect = screen.getByLabelText('Agente') as HTMLSelectElement
    expect(panel.contains(country) && panel.contains(agentSelect)).toBe(true)
    expect(country.value).toBe('PE')
    expect(agentSelect.value).toBe('penal')
    fireEvent.change(agentSelect, { target: { value: 'general' } })
    expect(onAgentChange).toHaveBeenCalledWith('general')
    fireEvent.change(country, { target: { value: 'CO' } })
    expect(choice.choose).toHaveBeenCalledWith('CO')
  })

  it('shows an agent the balance does not cover as disabled, with what it needs', async () => {
    const { button } = setup(listOf(1))
    await open(button)
    const penal = screen.getByRole('option', {
      name: 'Lexia Penal · Requiere 2 créditos',
    }) as HTMLOptionElement
    expect(penal.disabled).toBe(true)
  })

  it("says the picker's special states in the control, and offers credits from the panel when there are none", async () => {
    const { button, onBuyCredits } = setup(listOf(0))
    expect(screen.getByTestId('header-pickers-agent').textContent).toBe('Sin créditos disponibles')
    expect(screen.getByTestId('header-pickers-detail').textContent).toBe('PE')
    await open(button)
    fireEvent.click(screen.getByTestId('buy-credits-from-picker'))
    expect(onBuyCredits).toHaveBeenCalled()
    cleanup()
    setup({ kind: 'loading' }, { loading: true, value: null, countries: [] })
    expect(screen.getByTestId('header-pickers-agent').textContent).toBe('Cargando agentes...')
    expect(screen.getByTestId('header-pickers-detail').textContent).toBe('Cargando países...')
    expect(screen.getByTestId('country-flag').getAttribute('data-country')).toBe('unknown')
    cleanup()
    setup({ kind: 'error' })
    expect(screen.getByTestId('header-pickers-agent').textContent).toBe('No se pudieron cargar los agentes')
    cleanup()
    setup({ kind: 'no-agents' })
    expect(screen.getByTestId('header-pickers-agent').textContent).toBe('Sin agentes disponibles')
  })

  it('closes on Escape and gives the focus back to the control', async () => {
    const { button } = setup(listOf(5))
    button.focus()
    const panel = await open(button)
    // The popover listens for Escape once it has taken the focus: a key pressed before that (a loaded machine) is lost.
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true))
    fireEvent.keyDown(panel, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('header-pickers-panel')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
  })
})
