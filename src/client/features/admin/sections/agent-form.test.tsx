// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ADMIN_MESSAGES, type AdminAgent, AGENT_MESSAGES } from '../../../../shared/admin'
import { stubFetch } from '../../../test/fetch-stub'
import { jsonResponse } from '../../../test/json-response'
import { renderWithQueries } from '../../../test/render'
import { adminAgent, bodyOf } from '../test-fixtures'
import { AgentFormDialog } from './agent-form'

const server = stubFetch()

const COUNTRIES = [
  { value: '', label: 'Todos los países' },
  { value: 'PE', label: '🇵🇪 Perú (PE)' },
  { value: 'CL', label: '🇨🇱 Chile (CL) — inactivo' },
]

function renderForm(agent: AdminAgent | null) {
  const onClose = vi.fn()
  renderWithQueries(<AgentFormDialog agent={agent} countries={COUNTRIES} onClose={onClose} />)
  return { onClose, form: screen.getByTestId('agent-form') }
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(new RegExp(`^${label}`))
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(form, label), { target: { value } })

describe('AgentFormDialog', () => {
  it("refuses a bad agent with the contract's Spanish messages and sends nothing", async () => {
    const { form } = renderForm(null)
    type(form, 'Identificador', 'X')
    type(form, 'URL', 'http://agente.example')
    type(form, 'Costo en créditos', 'dos')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    expect(await within(form).findByText(AGENT_MESSAGES.id)).toBeTruthy()
    expect(within(form).getByText(AGENT_MESSAGES.name)).toBeTruthy()
    expect(within(form).getByText(AGENT_MESSAGES.url)).toBeTruthy()
    expect(within(form).getByText(AGENT_MESSAGES.credits)).toBeTruthy()
    expect(server.fetch).not.toHaveBeenCalled()
  })

  it("creates an agent after 'Probar' asked its endpoint one question, without saving anything first", async () => {
    server.answer = (url) =>
      url === '/api/admin/agents/test'
        ? jsonResponse(200, {
            ok: true,
            httpStatus: 200,
            latencyMs: 120,
            answer: 'Según el artículo 25 de la Constitución…',
            sources: { leyes: 1, sentencias: 0 },
            error: null,
          })
        : jsonResponse(201, adminAgent({ id: 'n8n-laboral', url: 'https://n8n.ejemplo.pe/hook' }))
    const { form, onClose } = renderForm(null)
    type(form, 'Identificador', 'n8n-laboral')
    type(form, 'Nombre', 'Laboral n8n')
    type(form, 'URL', 'https://n8n.ejemplo.pe/hook')
    const test = within(form).getByTestId('agent-test')
    fireEvent.click(within(test).getByRole('button', { name: 'Probar' }))
    // A question is needed before the endpoint is called.
    expect(await within(test).findByText(AGENT_MESSAGES.question)).toBeTruthy()
    expect(server.fetch).not.toHaveBeenCalled()

    type(test, 'Pregunta de prueba', '¿Cuántas horas es la jornada?')
    fireEvent.click(within(test).getByRole('button', { name: 'Probar' }))
    expect((await within(test).findByTestId('agent-test-result')).textContent).toContain(
      'Respondió en 120 ms',
    )
    expect(server.fetch).toHaveBeenCalledTimes(1)
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/api/admin/agents/test')
    expect(bodyOf(server.fetch.mock.calls[0]!)).toEqual({
      url: 'https://n8n.ejemplo.pe/hook',
      question: '¿Cuántas horas es la jornada?',
      countryCode: 'PE',
    })

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ id: 'n8n-laboral' })))
    expect(server.fetch.mock.calls[1]?.[0]).toBe('/api/admin/agents')
    expect(bodyOf(server.fetch.mock.calls[1]!)).toMatchObject({
      id: 'n8n-laboral',
      name: 'Laboral n8n',
      credits: 1,
    })
  })

  it("shows a failed probe's Spanish reason", async () => {
    server.answer = () =>
      jsonResponse(200, {
        ok: false,
        httpStatus: null,
        latencyMs: 15000,
        answer: null,
        sources: null,
        error: 'El agente no respondió en 15 s',
      })
    const { form } = renderForm(adminAgent({ url: 'https://lento.ejemplo.pe' }))
    const test = within(form).getByTestId('agent-test')
    type(test, 'Pregunta de prueba', '¿Qué es el CTS?')
    fireEvent.click(within(test).getByRole('button', { name: 'Probar' }))
    expect((await within(test).findByTestId('agent-test-result')).textContent).toBe(
      'Falló: El agente no respondió en 15 s',
    )
  })

  it('edits with the version read; a 409 says so and reloads the record as it now is', async () => {
    const current = adminAgent({ name: 'Laboral (de otra persona)', credits: 3, version: 2 })
    server.answer = () =>
      jsonResponse(409, { code: 'VALIDATION_ERROR', message: ADMIN_MESSAGES.stale, details: { current } })
    const { form, onClose } = renderForm(adminAgent())
    expect(within(form).getByText('versión 1')).toBeTruthy()
    type(form, 'Costo en créditos', '0')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    const problem = await within(form).findByTestId('admin-problem')
    expect(problem.textContent).toContain(ADMIN_MESSAGES.stale)
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/api/admin/agents/laboral')
    expect(server.fetch.mock.calls[0]?.[1]?.method).toBe('PATCH')
    expect(bodyOf(server.fetch.mock.calls[0]!)).toMatchObject({ version: 1, credits: 0 })
    // A save closes the dialog with the saved record; a refused one never does. (happy-dom's focus handling makes
    // Chakra's dialog ask to close, without arguments, soon after it opens: only a call with a record counts.)
    expect(onClose).not.toHaveBeenCalledWith(expect.anything())

    fireEvent.click(within(problem).getByRole('button', { name: 'Recargar registro' }))
    await waitFor(() => expect(within(form).queryByTestId('admin-problem')).toBeNull())
    expect(within(form).getByText('versión 2')).toBeTruthy()
    expect((field(form, 'Nombre') as HTMLInputElement).value).toBe('Laboral (de otra persona)')
    expect((field(form, 'Costo en créditos') as HTMLInputElement).value).toBe('3')

    // Saved again, the change goes with the version now read.
    server.answer = () => jsonResponse(200, { ...current, credits: 0, version: 3 })
    type(form, 'Costo en créditos', '0')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ version: 3 })))
    expect(bodyOf(server.fetch.mock.calls[1]!)).toMatchObject({ version: 2, credits: 0 })
  })
  it('chooses the country from the configured ones (or all), and keeps one that is not listed', async () => {
    server.answer = (_url, init) => jsonResponse(200, { ...adminAgent(), ...JSON.parse(String(init.body)) })
    const { form, onClose } = renderForm(adminAgent())
    const select = field(form, 'País') as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(COUNTRIES.map((c) => c.label))
    expect(select.value).toBe('PE')
    type(form, 'País', 'CL')
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ countryCode: 'CL' })))
    expect(bodyOf(server.fetch.mock.calls[0]!)).toMatchObject({ countryCode: 'CL' })
    cleanup()

    const again = renderForm(adminAgent({ countryCode: 'AR' }))
    const kept = field(again.form, 'País') as HTMLSelectElement
    expect(kept.value).toBe('AR')
    type(again.form, 'País', '')
    fireEvent.click(within(again.form).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(2))
    expect(bodyOf(server.fetch.mock.calls[1]!)).toMatchObject({ countryCode: null })
  })
})
