// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithTheme } from '../../test/render'
import { CreditsDisplay } from './credits-display'
import { useCreditsStore } from './credits-store'

const summary = (remaining: number, total: number) => ({
  remaining_credits: remaining,
  total_credits: total,
  messages_sent: 0,
  updated_at: '2026-11-25T00:00:00.000Z',
  user_id: 'u1',
})

async function showBar(remaining: number, total: number) {
  useCreditsStore.getState().setSummary(summary(remaining, total))
  renderWithTheme(<CreditsDisplay />)
  const block = await screen.findByTestId('credits-display', {}, { timeout: 2000 })
  const track = block.querySelector<HTMLElement>('[data-part="track"]')
  if (!track) throw new Error('no track')
  return { block, track, range: block.querySelector<HTMLElement>('[data-part="range"]') }
}

/** The style rules whose selector matches the element, as CSS text. */
function appliedCss(element: Element): string {
  return [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter(
      (rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && element.matches(rule.selectorText),
    )
    .map((rule) => rule.cssText)
    .join('\n')
}

afterEach(() => {
  cleanup()
  useCreditsStore.getState().reset()
})

describe('CreditsDisplay', () => {
  it('shows its red state at 0 on the track itself, since the range has no width', async () => {
    const { block, track, range } = await showBar(0, 10)
    expect(block.dataset.color).toBe('red')
    expect(range?.style.width).toBe('0%')
    expect(track.dataset.empty).toBe('true')
    // happy-dom does not resolve Chakra's colour variables, so read the declarations that reach the track.
    const css = appliedCss(track)
    expect(css).toMatch(/border-width:\s*1px/)
    expect(css).toMatch(/border-color:\s*var\(--chakra-colors-red-solid\)/)
    expect(css).toMatch(/background:\s*var\(--chakra-colors-red-muted\)/)
  })

  it('keeps the plain track while credits remain', async () => {
    const { block, track } = await showBar(1, 10)
    expect(block.dataset.color).toBe('yellow')
    expect(track.dataset.empty).toBeUndefined()
    expect(appliedCss(track)).not.toContain('red')
  })
})
