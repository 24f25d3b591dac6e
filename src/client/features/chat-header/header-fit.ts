import { useCallback, useSyncExternalStore } from 'react'

/**
 * How the chat header lays itself out for the width it has (the window's, less the sidebar beside it):
 * - wide: the country and agent pickers inline, the user menu with the e-mail;
 * - compact: the pickers folded into one control that shows the chosen country and agent with its cost;
 * - narrow: that, plus the user menu and the balance shown as icons with their number, down to 320px.
 */
export type HeaderFit = 'wide' | 'compact' | 'narrow'

/**
 * Header widths (px) from which each layout fits without overlap, the user menu at its widest (224px): wide holds
 * toggle, country (112) and agent (256) pickers, balance, mode toggle and menu. tests/e2e/header.e2e.ts checks
 * 1366, 1024, 768 (sidebar open), 375 and 320 px.
 */
export const HEADER_WIDE_FROM = 880
export const HEADER_COMPACT_FROM = 560

/** The media queries for a header that starts `offsetPx` from the window's left edge. */
export function headerFitQueries(offsetPx: number) {
  return {
    wide: `(min-width: ${HEADER_WIDE_FROM + offsetPx}px)`,
    compact: `(min-width: ${HEADER_COMPACT_FROM + offsetPx}px)`,
  }
}

export function headerFit(matches: { wide: boolean; compact: boolean }): HeaderFit {
  if (matches.wide) return 'wide'
  return matches.compact ? 'compact' : 'narrow'
}

/** The header's layout, following resizes and the sidebar opening beside it (`offsetPx`: its width, or 0). */
export function useHeaderFit(offsetPx: number): HeaderFit {
  const queries = headerFitQueries(offsetPx)
  const subscribe = useCallback(
    (onChange: () => void) => {
      const { wide, compact } = headerFitQueries(offsetPx)
      const lists = [window.matchMedia(wide), window.matchMedia(compact)]
      for (const list of lists) list.addEventListener('change', onChange)
      return () => {
        for (const list of lists) list.removeEventListener('change', onChange)
      }
    },
    [offsetPx],
  )
  return useSyncExternalStore(
    subscribe,
    () =>
      headerFit({
        wide: window.matchMedia(queries.wide).matches,
        compact: window.matchMedia(queries.compact).matches,
      }),
    () => 'wide',
  )
}
