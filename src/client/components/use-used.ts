import { useSyncExternalStore } from 'react'

/** What counts as the person using the page: a press (pointer, touch, pen) or a key. */
const USES = ['pointerdown', 'keydown'] as const

let used = false
const listeners = new Set<() => void>()

function markUsed(): void {
  if (used) return
  used = true
  for (const type of USES) window.removeEventListener(type, markUsed, true)
  for (const listener of listeners) listener()
}

function subscribe(onChange: () => void): () => void {
  if (!used && listeners.size === 0)
    for (const type of USES) window.addEventListener(type, markUsed, { capture: true, passive: true })
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

/**
 * Whether the person has pressed anything on the page yet (a pointer or a key; once true, for good). The chat page
 * renders the updates that reach it while it loads, before that, in slices (decision 0041).
 */
export function useUsed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => used,
    () => false,
  )
}
