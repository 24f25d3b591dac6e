// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '../../../test/json-response'
import { renderWithQueries } from '../../../test/render'
import { adminUser } from '../test-fixtures'
import { UsersSection } from './users-section'

/** Stands in for GET /api/admin/users: 60 accounts, paged, searched and sorted as the query says. */
const ALL = Array.from({ length: 60 }, (_, i) => adminUser({ id: `u${i}`, email: `persona${i}@ejemplo.pe` }))
const requests: URL[] = []

beforeEach(() => {
  requests.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://lexia.test')
      requests.push(url)
      const page = Number(url.searchParams.get('page'))
      const size = Number(url.searchParams.get('pageSize'))
      const q = url.searchParams.get('q') ?? ''
      let rows = ALL.filter((u) => u.email.includes(q))
      if (url.searchParams.get('sort') === 'email' && url.searchParams.get('dir') === 'asc')
        rows = [...rows].sort((a, b) => a.email.localeCompare(b.email))
      return jsonResponse(200, {
        items: rows.slice((page - 1) * size, page * size),
        total: rows.length,
        page,
        pageSize: size,
      })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const emails = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('UsersSection', () => {
  it('pages, searches and sorts on the server, through the query parameters of the contract', async () => {
    renderWithQueries(
      <MemoryRouter>
        <UsersSection />
      </MemoryRouter>,
    )
    await waitFor(() => expect(emails()).toHaveLength(25))
    expect(requests[0]?.pathname).toBe('/api/admin/users')
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      page: '1',
      pageSize: '25',
      sort: 'createdAt',
      dir: 'desc',
    })
    expect(screen.getByTestId('pager-status').textContent).toBe('Página 1 de 3 · 60 resultados')

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }))
    await waitFor(() => expect(screen.getByTestId('pager-status').textContent).toContain('Página 2 de 3'))
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2')
    expect(emails()[0]).toBe('persona25@ejemplo.pe')

    // A search starts again at the first page and is the server's to answer.
    fireEvent.change(screen.getByLabelText('Buscar por correo'), { target: { value: ' persona1 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }))
    await waitFor(() =>
      expect(screen.getByTestId('pager-status').textContent).toBe('Página 1 de 1 · 11 resultados'),
    )
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ page: '1', q: 'persona1' })

    // The e-mail header sorts; pressed again it flips the order, and says so to assistive technology.
    const header = () => screen.getByRole('columnheader', { name: /Correo/ })
    fireEvent.click(within(header()).getByRole('button'))
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('dir')).toBe('desc'))
    fireEvent.click(within(header()).getByRole('button'))
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'))
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({
      sort: 'email',
      dir: 'asc',
      q: 'persona1',
    })
    await waitFor(() => expect(emails()[0]).toBe('persona1@ejemplo.pe'))
    expect(screen.getByRole('button', { name: 'Anterior' }).hasAttribute('disabled')).toBe(true)
  })

  it('filters by state through the server', async () => {
    renderWithQueries(
      <MemoryRouter>
        <UsersSection />
      </MemoryRouter>,
    )
    await waitFor(() => expect(emails()).toHaveLength(25))
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'disabled' } })
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('state')).toBe('disabled'))
  })
})
