// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SourceItem } from '../../../shared/search-schemas'
import { renderWithTheme } from '../../test/render'
import { sourceItem } from '../../test/source-item'
import { SourceCard } from './source-card'
import { TONE_PALETTE } from './status-badge'

const norma = sourceItem({
  title: 'Ley de ejemplo, Artículo 3',
  tipo_alias: 'Ley',
  jerarquia_alias: 'Norma con rango de ley',
  content: 'Texto del artículo.',
  file_name: 'ley-ejemplo.pdf',
  path: 'originals/ley-ejemplo.pdf',
  url: '/api/originals/ley-ejemplo.pdf',
  page_number: 2,
  context_page: 'Artículo 3',
  identifier: 'ley-ejemplo',
  label: 'Artículo 3',
  number: '3',
  status: 'in_force',
  last_updated: '2024-05-01',
})

const card = (source: SourceItem) => renderWithTheme(<SourceCard source={source} term="" id="s-1" />)

/** The colour palette Chakra drew the element in, read from its generated rule (class names are hashed). */
function paletteOf(el: HTMLElement): string | undefined {
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n')
  for (const cls of el.classList) {
    const at = css.indexOf(`.${cls}{`)
    if (at === -1) continue
    const rule = css.slice(at, css.indexOf('}', at))
    const palette = /--chakra-colors-color-palette-500:var\(--chakra-colors-(\w+)-500\)/.exec(rule)?.[1]
    if (palette) return palette
  }
  return undefined
}

afterEach(cleanup)

describe('SourceCard status', () => {
  it("shows a norm in force as 'Vigente' in the calm colour, never the raw value", () => {
    card(norma)
    const badge = screen.getByTestId('source-status')
    expect(badge.textContent).toBe('Vigente')
    expect(badge.dataset.tone).toBe('calm')
    expect(paletteOf(badge)).toBe(TONE_PALETTE.calm)
    expect(screen.getByTestId('source-item').textContent).not.toContain('in_force')
    expect(screen.getByText('Última actualización: 2024-05-01')).toBeTruthy()
  })

  it("shows a repealed norm as 'Derogada' in the warning colour and an amended one as 'Modificada'", () => {
    card({ ...norma, status: 'repealed' })
    const repealed = screen.getByTestId('source-status')
    expect(repealed.textContent).toBe('Derogada')
    expect(paletteOf(repealed)).toBe(TONE_PALETTE.warning)
    cleanup()
    card({ ...norma, status: 'amended' })
    expect(screen.getByTestId('source-status').textContent).toBe('Modificada')
    expect(screen.getByTestId('source-status').dataset.tone).toBe('notice')
  })

  it('shows an unknown status as words in grey', () => {
    card({ ...norma, status: 'en_revision' })
    expect(screen.getByTestId('source-status').textContent).toBe('En revision')
    expect(paletteOf(screen.getByTestId('source-status'))).toBe(TONE_PALETTE.neutral)
  })

  it("shows a ruling's outcome, neutral, and no 'last update' for its date", () => {
    card({ ...norma, kind: 'sentencia', status: 'Procedente', last_updated: '2026-07-09' })
    expect(screen.getByTestId('source-status').textContent).toBe('Resultado: Procedente')
    expect(screen.getByTestId('source-status').dataset.tone).toBe('neutral')
    expect(screen.queryByText(/Última actualización/)).toBeNull()
  })

  it('shows no badge when the source has no status', () => {
    card({ ...norma, status: null })
    expect(screen.queryByTestId('source-status')).toBeNull()
  })
})

describe('SourceCard text', () => {
  it('lets the keyboard reach and scroll a long article: a named, focusable region', () => {
    card(norma)
    const text = screen.getByRole('region', { name: 'Texto de Ley de ejemplo, Artículo 3' })
    expect(text.textContent).toBe('Texto del artículo.')
    expect(text.tabIndex).toBe(0)
  })
})
