// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '../../test/json-response'
import { renderWithTheme } from '../../test/render'

let userId = 'u-admin'
vi.mock('./provider', () => ({
  useAuth: () => ({ user: { id: userId, email: `${userId}@ejemplo.pe` }, signOut: vi.fn() }),
}))
const { UserMenu } = await import('./user-menu')

let status = 200
const fetchMock = vi.fn(async () => jsonResponse(status, {}))
beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  fetchMock.mockClear()
})

function openMenu() {
  renderWithTheme(
    <MemoryRouter>
      <UserMenu />
    </MemoryRouter>,
  )
  expect(fetchMock).not.toHaveBeenCalled()
  fireEvent.click(screen.getByTestId('user-menu'))
}

describe('UserMenu', () => {
  it('links an admin to the console, asking the server only once the menu opens', async () => {
    openMenu()
    expect((await screen.findByTestId('admin-link')).textContent).toBe('Consola de administración')
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/me', expect.anything())
  })

  it('shows no link to a user the server refuses', async () => {
    userId = 'u-user'
    status = 403
    openMenu()
    await screen.findByTestId('sign-out')
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('admin-link')).toBeNull()
  })
})
