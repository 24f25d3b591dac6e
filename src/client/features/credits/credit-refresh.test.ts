import { afterEach, describe, expect, it, vi } from 'vitest'
import { scheduleCreditRefresh } from './credit-refresh'
import { CREDITS_REFRESH_MS, createCreditsStore } from './credits-store'

function fakeDocument() {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState }
  target.visibilityState = 'visible'
  return target
}

afterEach(() => {
  vi.useRealTimers()
})

describe('scheduleCreditRefresh', () => {
  it('reloads once the last load is more than 300000 ms old, not before', async () => {
    vi.useFakeTimers()
    const store = createCreditsStore(() => ({ getItem: () => null, setItem() {}, removeItem() {} }) as never)
    let loads = 0
    const load = () => {
      loads++
      void store.getState().load(async () => ({
        remaining_credits: 1,
        total_credits: 1,
        messages_sent: 0,
        updated_at: new Date().toISOString(),
        user_id: 'u1',
      }))
    }
    load()
    await vi.advanceTimersByTimeAsync(0)
    const stop = scheduleCreditRefresh(load, () => store.getState().needsRefresh(), fakeDocument() as never)
    await vi.advanceTimersByTimeAsync(CREDITS_REFRESH_MS - 1)
    expect(loads).toBe(1)
    // Checked every 30 s: the first check past the five minutes (330 s) reloads.
    await vi.advanceTimersByTimeAsync(30_001)
    expect(loads).toBe(2)
    // The reload reset the clock: the next one is five minutes later again.
    await vi.advanceTimersByTimeAsync(CREDITS_REFRESH_MS - 30_000)
    expect(loads).toBe(2)
    stop()
    await vi.advanceTimersByTimeAsync(CREDITS_REFRESH_MS * 3)
    expect(loads).toBe(2)
  })

  it('reloads when the tab becomes visible, not when it is hidden, and stops listening', () => {
    vi.useFakeTimers()
    const doc = fakeDocument()
    let loads = 0
    const stop = scheduleCreditRefresh(
      () => loads++,
      () => false,
      doc as never,
    )
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(loads).toBe(0)
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(loads).toBe(1)
    stop()
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(loads).toBe(1)
  })
})
