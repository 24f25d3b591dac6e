// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../test/fetch-stub'
import { jsonResponse } from '../../test/json-response'
import { renderWithQueries } from '../../test/render'
import { AdminConsole } from './admin-console'
import { adminUser } from './test-fixtures'

const server = stubFetch()

/** Every list answers 60 accounts' worth of pages (only the users list has rows); what was asked is kept. */
const asked: URL[] = []
server.answer = (path) => {
  const url = new URL(path, 'http://lexia.test')
  asked.push(url)
  const page = Number(url.searchParams.get('page') ?? 1)
  const pageSize = Number(url.searchParams.get('pageSize') ?? 25)
  const items =
    url.pathname === '/api/admin/users'
      ? Array.from({ length: pageSize }, (_, i) =>
          adminUser({ id: `u${page}-${i}`, email: `p${page}-${i}@e.pe` }),
        )
      : []
  return jsonResponse(200, { items, total: url.pathname === '/api/admin/users' ? 60 : 0, page, pageSize })
}
const lastAsked = (pathname: string) => asked.findLast((u) => u.pathname === pathname)

describe('AdminConsole', () => {
  it("keeps each list's search, filter and page in the address across a switch of section", async () => {
    const router = createMemoryRouter([{ path: '/admin', element: <AdminConsole /> }], {
      initialEntries: ['/admin?seccion=usuarios'],
    })
    renderWithQueries(<RouterProvider router={router} />)
    await waitFor(() => expect(lastAsked('/api/admin/users')).toBeTruthy())

    fireEvent.change(screen.getByLabelText('Buscar por correo'), { target: { value: 'p1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }))
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'disabled' } })
    await waitFor(() => expect(lastAsked('/api/admin/users')?.searchParams.get('state')).toBe('disabled'))
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }))
    await waitFor(() => expect(lastAsked('/api/admin/users')?.searchParams.get('page')).toBe('2'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      seccion: 'usuarios',
      'users.q': 'p1',
      'users.state': 'disabled',
      'users.page': '2',
    })

    fireEvent.click(screen.getByRole('tab', { name: 'Agentes' }))
    await waitFor(() => expect(lastAsked('/api/admin/agents')).toBeTruthy())
    await waitFor(() => expect(screen.queryByLabelText('Buscar por correo')).toBeNull())
    const before = asked.length

    fireEvent.click(screen.getByRole('tab', { name: 'Usuarios' }))
    const users = await screen.findByTestId('users-list')
    expect((within(users).getByLabelText('Buscar por correo') as HTMLInputElement).value).toBe('p1')
    expect((within(users).getByLabelText('Estado') as HTMLSelectElement).value).toBe('disabled')
    await waitFor(() => expect(asked.length).toBeGreaterThan(before))
    expect(Object.fromEntries(lastAsked('/api/admin/users')!.searchParams)).toMatchObject({
      q: 'p1',
      state: 'disabled',
      page: '2',
    })
    await waitFor(() =>
      expect(within(users).getByTestId('pager-status').textContent).toContain('Página 2 de 3'),
    )
  })
})
