// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ADMIN_MESSAGES, type AdminCountry, COUNTRY_MESSAGES } from '../../../../shared/admin'
import { stubFetch } from '../../../test/fetch-stub'
import { jsonResponse } from '../../../test/json-response'
import { renderWithQueries } from '../../../test/render'
import { bodyOf } from '../test-fixtures'
import { CountryFormDialog } from './country-form'

const server = stubFetch()

const peru: AdminCountry = { iso2: 'PE', name: 'Perú', flag: '🇵🇪', active: true, sortOrder: 0, version: 1 }

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(new RegExp(`^${label}`))
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(form, label), { target: { value } })

describe('CountryFormDialog', () => {
  it('creates a country with its code, after the contract refused a bad one and sent nothing', async () => {
    server.answer = () => jsonResponse(201, { ...peru, iso2: 'CL', name: 'Chile', flag: '🇨🇱' })
    const onClose = vi.fn()
    renderWithQueries(<CountryFormDialog country={null} onClose={onClose} />)
    const form = screen.getByTestId('country-form')
    expect(within(form).queryByText(/^versión/)).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    expect(await within(form).findByText(COUNTRY_MESSAGES.iso2)).toBeTruthy()
    expect(within(form).getByText(COUNTRY_MESSAGES.name)).toBeTruthy()
    expect(server.fetch).not.toHaveBeenCalled()

    type(form, 'Código ISO', 'CL')
    type(form, 'Nombre', 'Chile')
    type(form, 'Bandera', '🇨🇱')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ iso2: 'CL' })))
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/api/admin/countries')
    expect(server.fetch.mock.calls[0]?.[1]?.method).toBe('POST')
    expect(bodyOf(server.fetch.mock.calls[0]!)).toMatchObject({ iso2: 'CL', name: 'Chile', active: false })
  })

  it('after a 409, reloading shows the stored record and clears the messages of the discarded draft', async () => {
    const current = { ...peru, name: 'República del Perú', version: 2 }
    server.answer = () =>
      jsonResponse(409, { code: 'VALIDATION_ERROR', message: ADMIN_MESSAGES.stale, details: { current } })
    renderWithQueries(<CountryFormDialog country={peru} onClose={vi.fn()} />)
    const form = screen.getByTestId('country-form')
    expect(within(form).getByText('versión 1')).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    const problem = await within(form).findByTestId('admin-problem')
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/api/admin/countries/PE')
    expect(bodyOf(server.fetch.mock.calls[0]!)).toMatchObject({ version: 1 })

    type(form, 'Nombre', 'P')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    expect(await within(form).findByText(COUNTRY_MESSAGES.name)).toBeTruthy()

    fireEvent.click(within(problem).getByRole('button', { name: 'Recargar registro' }))
    await waitFor(() => expect(within(form).queryByTestId('admin-problem')).toBeNull())
    expect(within(form).getByText('versión 2')).toBeTruthy()
    expect((field(form, 'Nombre') as HTMLInputElement).value).toBe('República del Perú')
    expect(within(form).queryByText(COUNTRY_MESSAGES.name)).toBeNull()
  })
})
