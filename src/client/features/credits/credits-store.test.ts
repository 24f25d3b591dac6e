import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  acceptLiveSummary,
  CREDITS_REFRESH_MS,
  CREDITS_STORAGE_KEY,
  createCreditsStore,
  readCachedSummary,
  writeCachedSummary,
  zeroSummary,
} from './credits-store'

function memory(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  }
}

const summary = (remaining: number, total = 10) => ({
  remaining_credits: remaining,
  total_credits: total,
  messages_sent: 0,
  updated_at: '2026-11-22T00:00:00.000Z',
  user_id: 'u1',
})

let storage: Storage
beforeEach(() => {
  storage = memory()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('credits store', () => {
  it('loads, then persists userCredits, credits, remaining_credits and agentCache only', async () => {
    const store = createCreditsStore(() => storage)
    await store.getState().load(async () => summary(7))
    store.getState().cacheAgents([{ id: 'general', credits: 1 }])
    expect(store.getState()).toMatchObject({
      credits: 7,
      remaining_credits: 7,
      isLoading: false,
      error: null,
    })
    const saved = JSON.parse(storage.getItem(CREDITS_STORAGE_KEY)!).state
    expect(Object.keys(saved).sort()).toEqual(['agentCache', 'credits', 'remaining_credits', 'userCredits'])
  })

  it('returns the cached value (or zeros) while a load is running', async () => {
    const store = createCreditsStore(() => storage)
    let release!: (s: ReturnType<typeof summary>) => void
    const first = store.getState().load(() => new Promise((r) => (release = r)))
    expect(await store.getState().load(async () => summary(99))).toEqual(zeroSummary())
    release(summary(3))
    await first
    const slow = store.getState().load(() => new Promise(() => {}))
    expect(await store.getState().load(async () => summary(99))).toEqual(summary(3))
    void slow
  })

  it('keeps the cached value on a failed load, else rethrows and keeps the error text', async () => {
    const fresh = createCreditsStore(() => storage)
    await expect(fresh.getState().load(async () => Promise.reject(new Error('sin red')))).rejects.toThrow(
      'sin red',
    )
    expect(fresh.getState().error).toBe('sin red')
    await fresh.getState().load(async () => summary(4))
    expect(await fresh.getState().load(async () => Promise.reject(new Error('otra vez')))).toEqual(summary(4))
  })

  it('uses zeros, with a warning, when there is no credits row', async () => {
    const store = createCreditsStore(() => storage)
    expect((await store.getState().load(async () => null)).remaining_credits).toBe(0)
    expect(console.warn).toHaveBeenCalled()
  })

  it('deducts (never below 0, messages + 1) and adds, refusing amounts not above zero', async () => {
    const store = createCreditsStore(() => storage)
    await store.getState().load(async () => summary(2))
    store.getState().deduct(1)
    expect(store.getState().userCredits).toMatchObject({ remaining_credits: 1, messages_sent: 1 })
    store.getState().deduct(5)
    expect(store.getState().remaining_credits).toBe(0)
    expect(console.warn).toHaveBeenCalled()
    store.getState().add(10)
    expect(store.getState().userCredits).toMatchObject({ remaining_credits: 10, total_credits: 20 })
    expect(() => store.getState().deduct(0)).toThrow('La cantidad a deducir debe ser mayor que cero')
    expect(() => store.getState().add(-1)).toThrow('La cantidad a añadir debe ser mayor que cero')
    store.getState().reset()
    expect(store.getState()).toMatchObject({ userCredits: null, remaining_credits: 0, agentCache: {} })
  })

  it('applies the affordability rule', async () => {
    const store = createCreditsStore(() => storage)
    await store.getState().load(async () => summary(1))
    store.getState().cacheAgents([
      { id: 'general', credits: 1 },
      { id: 'penal', credits: 2 },
    ])
    expect(store.getState().canAfford()).toBe(true)
    expect(store.getState().canAfford('desconocido')).toBe(true)
    expect(store.getState().canAfford('general')).toBe(true)
    expect(store.getState().canAfford('penal')).toBe(false)
  })

  it('needs a refresh more than 300000 ms after the last load', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
    const store = createCreditsStore(() => storage)
    await store.getState().load(async () => summary(1))
    expect(store.getState().needsRefresh()).toBe(false)
    vi.advanceTimersByTime(CREDITS_REFRESH_MS)
    expect(store.getState().needsRefresh()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(store.getState().needsRefresh()).toBe(true)
  })
})

describe('credit sync', () => {
  it('caches the summary per user and reads back only that user', () => {
    writeCachedSummary(summary(5), storage)
    expect(readCachedSummary('u1', storage)).toEqual(summary(5))
    expect(readCachedSummary('u2', storage)).toBeNull()
  })

  it('ignores malformed live rows and rows of another user, with a warning', () => {
    expect(acceptLiveSummary(summary(3), 'u1')).toEqual(summary(3))
    expect(acceptLiveSummary({ ...summary(3), remaining_credits: '3' }, 'u1')).toBeNull()
    expect(acceptLiveSummary({ ...summary(3), updated_at: 5 }, 'u1')).toBeNull()
    expect(acceptLiveSummary(summary(3), 'u2')).toBeNull()
    expect(acceptLiveSummary(null, 'u1')).toBeNull()
    expect(console.warn).toHaveBeenCalledTimes(4)
  })
})
