// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

/** The hook from a fresh module: whether the page was used is the module's, for good, once it is. */
async function freshUseUsed() {
  vi.resetModules()
  return (await import('./use-used')).useUsed
}

describe('useUsed', () => {
  it('is false until the first press or key, then true for good', async () => {
    const useUsed = await freshUseUsed()
    const first = renderHook(() => useUsed())
    expect(first.result.current).toBe(false)
    // Focus alone (an input focused by the page itself) is not a use.
    act(() => {
      window.dispatchEvent(new FocusEvent('focusin'))
    })
    expect(first.result.current).toBe(false)
    act(() => {
      window.dispatchEvent(new Event('pointerdown'))
    })
    expect(first.result.current).toBe(true)
    // A component mounted later reads it as used too.
    expect(renderHook(() => useUsed()).result.current).toBe(true)
    first.unmount()
  })

  it('counts a key as a use', async () => {
    const useUsed = await freshUseUsed()
    const { result, unmount } = renderHook(() => useUsed())
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    })
    expect(result.current).toBe(true)
    unmount()
  })
})
