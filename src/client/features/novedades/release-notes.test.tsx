// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithTheme } from '../../test/render'
import { NovedadesDialog } from './novedades-dialog'
import { APP_VERSION, formatNoteDate, RELEASE_NOTES } from './release-notes'

afterEach(cleanup)

describe('Novedades', () => {
  it('shows the version and every note newest first, marking the highlighted ones', () => {
    renderWithTheme(<NovedadesDialog open onClose={() => {}} />)
    const dialog = screen.getByTestId('novedades-dialog')
    expect(within(dialog).getByText(APP_VERSION)).toBeTruthy()
    const items = within(dialog).getAllByRole('listitem')
    expect(items).toHaveLength(RELEASE_NOTES.length)
    const shownDates = items.map(
      (item) => RELEASE_NOTES.find((n) => item.textContent?.includes(n.title))!.date,
    )
    expect(shownDates).toEqual([...shownDates].sort().reverse())
    for (const [i, item] of items.entries()) {
      const note = RELEASE_NOTES.find((n) => n.date === shownDates[i])!
      expect(item.textContent).toContain(formatNoteDate(note.date))
      expect(within(item).queryByText('Destacado') !== null).toBe(note.isHighlight)
    }
  })

  it('formats dates es-PE as day, short month, year, whatever the time zone', () => {
    expect(formatNoteDate('2025-03-19')).toMatch(/^19 mar\.? 2025$/)
    expect(formatNoteDate('2024-12-21')).toMatch(/^21 dic\.? 2024$/)
    expect(formatNoteDate('2025-01-01')).toMatch(/^1 ene\.? 2025$/)
  })
})
