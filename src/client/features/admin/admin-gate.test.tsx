// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN_MESSAGES } from '../../../shared/admin'
import { jsonResponse } from '../../test/json-response'
import { renderWithQueries } from '../../test/render'
import { AdminGate } from './admin-gate'

let me: Response
const fetchMock = vi.fn(async () => me)

beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  fetchMock.mockClear()
})

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
    me = jsonResponse(200, { user: { id: 'a', email: 'admin@ejemplo.pe' }, roles: ['admin'] })
    renderGate()
    expect(await screen.findByText('consola')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/me', expect.objectContaining({ method: 'GET' }))
  })

  it("tells a user without the role 'No tienes permiso' and shows nothing of the console", async () => {
    me = jsonResponse(403, { code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.forbidden })
    renderGate()
    expect(await screen.findByRole('heading', { name: 'No tienes permiso' })).toBeTruthy()
    expect(screen.queryByText('consola')).toBeNull()
    expect(screen.getByRole('link', { name: 'Volver al chat' }).getAttribute('href')).toBe('/protected/chat')
    // A refusal is an answer, not a failure to retry.
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('sends a visitor whose session ended to /auth', async () => {
    me = jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Usuario no autenticado' })
    const router = renderGate()
    expect(await screen.findByText('página de ingreso')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/auth')
  })
})
