import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, preferencesKey, readPreferences, writePreferences } from './user-preferences'

function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  }
}

describe('user preferences', () => {
  it('starts from the spec defaults (PE, es-ES, no message sent)', () => {
    expect(readPreferences('u1', memoryStorage())).toEqual(DEFAULT_PREFERENCES)
  })

  it('keeps each user apart and merges changes', () => {
    const s = memoryStorage()
    writePreferences('u1', { isFirstMessageSent: true }, s)
    writePreferences('u1', { selectedCountry: 'CL' }, s)
    expect(readPreferences('u1', s)).toEqual({
      selectedCountry: 'CL',
      language: 'es-ES',
      isFirstMessageSent: true,
    })
    expect(readPreferences('u2', s)).toEqual(DEFAULT_PREFERENCES)
  })

  it('repairs malformed values field by field', () => {
    const s = memoryStorage()
    s.setItem(
      preferencesKey('u1'),
      JSON.stringify({ selectedCountry: 'peru', language: 5, isFirstMessageSent: true }),
    )
    expect(readPreferences('u1', s)).toEqual({
      selectedCountry: 'PE',
      language: 'es-ES',
      isFirstMessageSent: true,
    })
    s.setItem(preferencesKey('u1'), '{not json')
    expect(readPreferences('u1', s)).toEqual(DEFAULT_PREFERENCES)
  })
})
