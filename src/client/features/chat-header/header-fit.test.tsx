// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  HEADER_COMPACT_FROM,
  HEADER_WIDE_FROM,
  headerFit,
  headerFitQueries,
  useHeaderFit,
} from './header-fit'

const setWidth = (width: number) =>
  act(() => {
    ;(
      window as unknown as { happyDOM: { setViewport: (v: { width: number }) => void } }
    ).happyDOM.setViewport({
      width,
    })
  })

describe('headerFit', () => {
  it('measures the header, not the window: the sidebar beside it takes its width off', () => {
    expect(headerFitQueries(0)).toEqual({
      wide: `(min-width: ${HEADER_WIDE_FROM}px)`,
      compact: `(min-width: ${HEADER_COMPACT_FROM}px)`,
    })
    expect(headerFitQueries(320).wide).toBe(`(min-width: ${HEADER_WIDE_FROM + 320}px)`)
    expect(headerFit({ wide: true, compact: true })).toBe('wide')
    expect(headerFit({ wide: false, compact: true })).toBe('compact')
    expect(headerFit({ wide: false, compact: false })).toBe('narrow')
  })

  it('follows the window and the sidebar: 1366 wide, 1024 and 768 beside the sidebar compact and narrow, 320 narrow', () => {
    setWidth(1366)
    const { result, rerender } = renderHook(({ offset }) => useHeaderFit(offset), {
      initialProps: { offset: 320 },
    })
    expect(result.current).toBe('wide')
    setWidth(1024)
    expect(result.current).toBe('compact')
    rerender({ offset: 0 })
    expect(result.current).toBe('wide')
    setWidth(768)
    expect(result.current).toBe('compact')
    rerender({ offset: 320 })
    expect(result.current).toBe('narrow')
    setWidth(320)
    rerender({ offset: 0 })
    expect(result.current).toBe('narrow')
  })
})
