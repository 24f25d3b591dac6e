// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Country } from '../../../shared/agent-schemas'
import { jsonResponse } from '../../test/json-response'
import { renderWithQueries } from '../../test/render'
import { selectedCountryKey } from './country-order'
import { CountryPicker } from './country-picker'
import { useCountryChoice } from './use-country-choice'

const country = (iso2: string, name: string): Country => ({ iso2, name, flag: '', active: true })

/** GET /api/countries at the fetch boundary: its answer is released by each test. */
let release: (countries: Country[]) => void = () => {}

beforeEach(() => {
  localStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = (countries) => resolve(jsonResponse(200, { countries }))
        }),
    ),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Picker() {
  return <CountryPicker choice={useCountryChoice('u-1')} />
}

function renderPicker() {
  renderWithQueries(<Picker />)
}

describe('CountryPicker', () => {
  it('says the countries are loading, then lists them by iso2 with Peru chosen by default', async () => {
    renderPicker()
    expect(screen.getByText('Cargando países...')).toBeTruthy()
    release([country('CL', 'Chile'), country('PE', 'Perú')])
    const select = await screen.findByLabelText<HTMLSelectElement>('País')
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['CL', 'PE'])
    await waitFor(() => expect(select.value).toBe('PE'))
  })

  it('keeps the country the person chose for their next visit', async () => {
    renderPicker()
    release([country('CL', 'Chile'), country('PE', 'Perú')])
    const select = await screen.findByLabelText<HTMLSelectElement>('País')
    fireEvent.change(select, { target: { value: 'CL' } })
    expect(select.value).toBe('CL')
    expect(localStorage.getItem(selectedCountryKey('u-1'))).toBe('CL')
    cleanup()
    renderPicker()
    release([country('CL', 'Chile'), country('PE', 'Perú')])
    const again = await screen.findByLabelText<HTMLSelectElement>('País')
    await waitFor(() => expect(again.value).toBe('CL'))
  })
})
