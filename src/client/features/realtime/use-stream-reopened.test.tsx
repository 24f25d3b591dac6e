// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStreamClient, type EventSourceLike } from './stream-client'
import { useStreamReopened } from './use-stream-event'

/** An EventSource the test opens and breaks by hand. */
class FakeSource implements EventSourceLike {
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>()
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {}
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({} as MessageEvent)
  }
}

let made: FakeSource[] = []
const last = () => made.at(-1)!

beforeEach(() => {
  made = []
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('useStreamReopened', () => {
  it('calls back when the connection opens again after a drop, not on the first opening', () => {
    const client = createStreamClient({
      createEventSource: () => {
        const s = new FakeSource()
        made.push(s)
        return s
      },
      reconnectDelaysMs: [1000],
    })
    const handler = vi.fn()
    const off = client.subscribe('partial', () => {})
    renderHook(() => useStreamReopened(handler, client))
    client.setUser('u1')
    act(() => last().emit('open'))
    expect(handler).not.toHaveBeenCalled()

    act(() => last().emit('error'))
    act(() => void vi.advanceTimersByTime(1000))
    expect(handler).not.toHaveBeenCalled()
    act(() => last().emit('open'))
    expect(handler).toHaveBeenCalledTimes(1)

    // Still open: nothing more; another drop, another call.
    act(() => last().emit('open'))
    act(() => last().emit('error'))
    act(() => void vi.advanceTimersByTime(1000))
    act(() => last().emit('open'))
    expect(handler).toHaveBeenCalledTimes(2)
    off()
  })
})
