import { type RefCallback, useCallback, useRef, useState } from 'react'

/**
 * Whether an element's content is taller than its box (it scrolls), followed as the box or the content changes size
 * (a help text that arrives after the dialog opened). A scrolling region without anything focusable inside must be
 * focusable itself, or a keyboard cannot scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function useOverflows<T extends HTMLElement>(): [RefCallback<T>, boolean] {
  const [overflows, setOverflows] = useState(false)
  const cleanup = useRef<(() => void) | null>(null)
  const ref = useCallback((el: T | null) => {
    cleanup.current?.()
    cleanup.current = null
    if (!el) return
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1)
    const sizes = new ResizeObserver(measure)
    const observeChildren = () => {
      sizes.disconnect()
      sizes.observe(el)
      for (const child of el.children) sizes.observe(child)
      measure()
    }
    const children = new MutationObserver(observeChildren)
    children.observe(el, { childList: true })
    observeChildren()
    cleanup.current = () => {
      sizes.disconnect()
      children.disconnect()
    }
  }, [])
  return [ref, overflows]
}
