// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithTheme } from '../../test/render'
import { sourceItem } from '../../test/source-item'
import { SourcesDrawer } from './sources-drawer'

const leyes = [
  sourceItem({
    title: 'Constitución, Artículo 112',
    content: 'El mandato presidencial es de cinco años.',
    identifier: 'c',
    label: '112',
  }),
  sourceItem({
    title: 'Código Penal, Artículo 106',
    content: 'El que mata a otro será reprimido.',
    identifier: 'cp',
    label: '106',
  }),
]
const sentencias = [
  sourceItem({
    title: 'Casación 123-2020',
    content: 'Sobre el despido arbitrario.',
    kind: 'sentencia',
    identifier: 's',
    label: 'cas',
  }),
]

function renderDrawer(props: Partial<Parameters<typeof SourcesDrawer>[0]> = {}) {
  const onClose = vi.fn()
  renderWithTheme(<SourcesDrawer open onClose={onClose} leyes={leyes} sentencias={sentencias} {...props} />)
  return { onClose, drawer: screen.getByTestId('sources-drawer') }
}

/** The titles on the tab in view (the other tab's panel stays in the page, hidden). */
const titles = (drawer: HTMLElement) =>
  within(within(drawer).getByRole('tabpanel'))
    .queryAllByTestId('source-title')
    .map((t) => t.textContent)

afterEach(cleanup)

describe('SourcesDrawer', () => {
  it('opens on the norms, and shows the rulings on their tab', async () => {
    const { drawer } = renderDrawer()
    expect(within(drawer).getByText('Fuentes')).toBeTruthy()
    expect(titles(drawer)).toEqual(['Constitución, Artículo 112', 'Código Penal, Artículo 106'])
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Sentencias' }))
    await waitFor(() => expect(titles(drawer)).toEqual(['Casación 123-2020']))
  })

  it('keeps only the sources whose title or text holds the search, and says when none does', () => {
    const { drawer } = renderDrawer()
    const search = within(drawer).getByLabelText('Buscar en el contenido')
    fireEvent.change(search, { target: { value: 'mandato' } })
    expect(titles(drawer)).toEqual(['Constitución, Artículo 112'])
    fireEvent.change(search, { target: { value: 'tributario' } })
    expect(titles(drawer)).toEqual([])
    expect(within(drawer).getByRole('tabpanel').textContent).toBe('Ninguna fuente contiene «tributario».')
  })

  it('says when a message cites no norm or no ruling', async () => {
    const { drawer } = renderDrawer({ leyes: [], sentencias: [] })
    expect(within(drawer).getByText('No hay normas juridicas citadas en este mensaje.')).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Sentencias' }))
    expect(await within(drawer).findByText('No hay sentencias citadas en este mensaje.')).toBeTruthy()
  })

  it('closes from its close button', async () => {
    const { drawer, onClose } = renderDrawer()
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cerrar fuentes' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })
})
