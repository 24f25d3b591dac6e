import { useSyncExternalStore } from 'react'

/** Spec §9 mobile breakpoint: narrower than 768px. */
export const MOBILE_QUERY = '(max-width: 767.98px)'

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(MOBILE_QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/** Whether the viewport is under the mobile breakpoint, following resizes and rotations. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  )
}
