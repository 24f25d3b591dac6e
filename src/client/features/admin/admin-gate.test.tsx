// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '../../../shared/admin'
import { stubFetch } from '../../test/fetch-stub'
import { jsonResponse } from '../../test/json-response'
import { renderWithQueries } from '../../test/render'
import { AdminGate } from './admin-gate'

const server = stubFetch()

function renderGate() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <AdminGate>
            <p>consola</p>
          </AdminGate>
        ),
      },
      { path: '/auth', element: <p>página de ingreso</p> },
    ],
    { initialEntries: ['/admin'] },
  )
  renderWithQueries(<RouterProvider router={router} />)
  return router
}

describe('AdminGate', () => {
  it('shows the console to an admin, as the server says', async () => {
    server.answer = () =>
      jsonResponse(200, { user: { id: 'a', email: 'admin@ejemplo.pe' }, roles: ['admin'] })
    renderGate()
    expect(await screen.findByText('consola')).toBeTruthy()
    expect(server.fetch).toHaveBeenCalledWith('/api/admin/me', expect.objectContaining({ method: 'GET' }))
  })

  it("tells a user without the role 'No tienes permiso' and shows nothing of the console", async () => {
    server.answer = () => jsonResponse(403, { code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.forbidden })
    renderGate()
    expect(await screen.findByRole('heading', { name: 'No tienes permiso' })).toBeTruthy()
    expect(screen.queryByText('consola')).toBeNull()
    expect(screen.getByRole('link', { name: 'Volver al chat' }).getAttribute('href')).toBe('/protected/chat')
    // A refusal is an answer, not a failure to retry.
    expect(server.fetch).toHaveBeenCalledTimes(1)
  })

  it('sends a visitor whose session ended to /auth', async () => {
    server.answer = () => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Usuario no autenticado' })
    const router = renderGate()
    expect(await screen.findByText('página de ingreso')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/auth')
  })
})
