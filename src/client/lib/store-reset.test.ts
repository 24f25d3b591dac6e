import { describe, expect, it, vi } from 'vitest'
import { registerStoreReset, resetAllStores } from './store-reset'

describe('store reset registry', () => {
  it('runs every registered reset, even after one fails, and forgets unregistered ones', () => {
    const first = vi.fn()
    const failing = vi.fn(() => {
      throw new Error('boom')
    })
    const last = vi.fn()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const unregisterFirst = registerStoreReset(first)
    const unregisterFailing = registerStoreReset(failing)
    const unregisterLast = registerStoreReset(last)

    resetAllStores()
    expect([first.mock.calls.length, failing.mock.calls.length, last.mock.calls.length]).toEqual([1, 1, 1])
    expect(error).toHaveBeenCalledOnce()

    unregisterFirst()
    resetAllStores()
    expect(first).toHaveBeenCalledTimes(1)
    expect(last).toHaveBeenCalledTimes(2)

    unregisterFailing()
    unregisterLast()
    error.mockRestore()
  })
})
