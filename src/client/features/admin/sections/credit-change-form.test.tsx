// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES, USER_MESSAGES } from '../../../../shared/admin'
import { stubFetch } from '../../../test/fetch-stub'
import { jsonResponse } from '../../../test/json-response'
import { renderWithQueries } from '../../../test/render'
import { bodyOf } from '../test-fixtures'
import { CreditChangeForm } from './credit-change-form'

const summary = (remaining: number) => ({
  remaining_credits: remaining,
  total_credits: remaining,
  messages_sent: 0,
  updated_at: '2026-01-01T00:00:00.000Z',
  user_id: 'u 1',
})

const server = stubFetch()

function renderForm() {
  renderWithQueries(<CreditChangeForm userId="u 1" />)
  const form = screen.getByTestId('credit-change-form')
  const fill = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(new RegExp(`^${label}`)), { target: { value } })
  return { form, fill }
}

describe('CreditChangeForm', () => {
  it('requires a reason (and a whole amount) before anything is sent', async () => {
    const { form, fill } = renderForm()
    fill('Cantidad', '10')
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir' }))
    expect(await within(form).findByText(ADMIN_MESSAGES.reason)).toBeTruthy()
    fill('Motivo', '  ok ')
    fill('Cantidad', '2.5')
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir' }))
    expect(await within(form).findByText(USER_MESSAGES.amount)).toBeTruthy()
    // Two spaces around two letters are still too short once trimmed.
    expect(within(form).getByText(ADMIN_MESSAGES.reason)).toBeTruthy()
    expect(server.fetch).not.toHaveBeenCalled()
  })

  it('grants with the reason and shows the new balance', async () => {
    server.answer = () => jsonResponse(200, { credits: summary(15), ledgerEntryId: 7 })
    const { form, fill } = renderForm()
    fill('Cantidad', '10')
    fill('Motivo', 'Compensación por la caída del lunes')
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir' }))
    expect((await within(form).findByTestId('credit-change-done')).textContent).toBe(
      'Listo. Saldo actual: 15 créditos.',
    )
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/api/admin/users/u%201/credits')
    expect(bodyOf(server.fetch.mock.calls[0]!)).toEqual({
      operation: 'grant',
      amount: 10,
      reason: 'Compensación por la caída del lunes',
    })
    await waitFor(() =>
      expect((within(form).getByLabelText(/^Motivo/) as HTMLTextAreaElement).value).toBe(''),
    )
  })

  it("deducts, and shows the server's refusal when the balance does not reach", async () => {
    server.answer = () =>
      jsonResponse(402, { code: 'INSUFFICIENT_CREDITS', message: USER_MESSAGES.insufficient })
    const { form, fill } = renderForm()
    fireEvent.change(within(form).getByLabelText('Operación'), { target: { value: 'deduct' } })
    fill('Cantidad', '99')
    fill('Motivo', 'Créditos dados por error')
    fireEvent.click(within(form).getByRole('button', { name: 'Deducir' }))
    expect((await within(form).findByTestId('admin-problem')).textContent).toContain(
      USER_MESSAGES.insufficient,
    )
    expect(bodyOf(server.fetch.mock.calls[0]!)).toMatchObject({ operation: 'deduct', amount: 99 })
  })
})
