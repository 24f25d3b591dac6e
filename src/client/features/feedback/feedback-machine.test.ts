import { describe, expect, it, vi } from 'vitest'
import {
  afterSend,
  feedbackStorageKey,
  readStoredFeedback,
  shouldSend,
  storeFeedback,
} from './feedback-machine'

function memory(): Storage {
  const m = new Map<string, string>()
  return {
    length: 0,
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: () => null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  }
}

describe('feedback state machine', () => {
  it('sends only a rating that differs from the current one', () => {
    expect(shouldSend(null, 'positive')).toBe(true)
    expect(shouldSend('positive', 'positive')).toBe(false)
    expect(shouldSend('positive', 'negative')).toBe(true)
  })

  it('keeps the rating on success and resets it to unset on failure', () => {
    expect(afterSend('negative', true)).toBe('negative')
    expect(afterSend('negative', false)).toBeNull()
  })

  it('stores the rating under feedback-{historyId} and ignores garbage', () => {
    const s = memory()
    expect(feedbackStorageKey(42)).toBe('feedback-42')
    storeFeedback(42, 'positive', s)
    expect(readStoredFeedback(42, s)).toBe('positive')
    storeFeedback(42, null, s)
    expect(readStoredFeedback(42, s)).toBeNull()
    s.setItem('feedback-7', 'tal vez')
    expect(readStoredFeedback(7, s)).toBeNull()
  })

  it('logs, never throws, when storage fails', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = {
      ...memory(),
      getItem: () => {
        throw new Error('x')
      },
      setItem: () => {
        throw new Error('x')
      },
    } as Storage
    expect(readStoredFeedback(1, broken)).toBeNull()
    storeFeedback(1, 'positive', broken)
    expect(error).toHaveBeenCalledTimes(2)
    error.mockRestore()
  })
})
