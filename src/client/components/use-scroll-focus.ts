import { type RefCallback, useCallback, useRef, useState } from 'react'

/** What a keyboard can land on inside a region (enough to scroll it with the arrow keys from there). */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * Whether a region scrolls (its content is taller than its box) with nothing focusable inside: then it must take the
 * focus itself, or a keyboard cannot scroll it (WCAG 2.1.1; axe's scrollable-region-focusable). Followed as the box
 * or the content changes (a help text that arrives after the dialog opened). A region with a field or a button
 * inside stays out of the tab order, so the dialog's first field keeps its initial focus.
 */
export function useNeedsScrollFocus<T extends HTMLElement>(): [RefCallback<T>, boolean] {
  const [needsFocus, setNeedsFocus] = useState(false)
  const cleanup = useRef<(() => void) | null>(null)
  const ref = useCallback((el: T | null) => {
    cleanup.current?.()
    cleanup.current = null
    if (!el) return
    const measure = () =>
      setNeedsFocus(el.scrollHeight > el.clientHeight + 1 && el.querySelector(FOCUSABLE) === null)
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
  return [ref, needsFocus]
}
