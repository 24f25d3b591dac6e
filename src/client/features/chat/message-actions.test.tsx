// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SourceItem } from '../../../shared/search-schemas'
import { renderWithTheme } from '../../test/render'
import type { ChatEntry } from './chat-types'
import { MessageActions } from './message-actions'

const norm = {
  title: 'Constitución Política del Perú, Artículo 112',
  label: 'Artículo 112',
  kind: 'norma',
} as SourceItem
const ruling = {
  title: 'Casación 1785-2024/Lima',
  label: 'Fundamento tercero',
  kind: 'sentencia',
} as SourceItem

const answer: ChatEntry = {
  id: 'a-1',
  role: 'agent',
  content: '**En resumen:** el mandato dura *cinco años* [1].\n\n### Requisitos\n\n- uno\n- dos [2]',
  historyId: null,
  context_leyes: [norm],
  context_sentencias: [ruling],
}

// The parser loads lazily, as in the app; loaded once here so the wait below is for the copy, not the import.
beforeAll(async () => {
  await import('./answer-plain-text')
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('MessageActions copy', () => {
  it('puts the answer on the clipboard as plain text with its sources, without Markdown', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    renderWithTheme(<MessageActions entry={answer} sessionId="s" />)
    fireEvent.click(screen.getByTestId('copy-answer'))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    expect(writeText).toHaveBeenCalledWith(
      'En resumen: el mandato dura cinco años [1].\n\nRequisitos\n\n• uno\n• dos [2]\n\n' +
        'Fuentes:\n[1] Constitución Política del Perú, Artículo 112\n[2] Casación 1785-2024/Lima, Fundamento tercero',
    )
  })
})
