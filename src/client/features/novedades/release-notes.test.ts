import { describe, expect, it } from 'vitest'
import { APP_VERSION, formatNoteDate, RELEASE_NOTES } from './release-notes'

describe('release notes', () => {
  it('are version 1.1.0 with the spec entries, newest first', () => {
    expect(APP_VERSION).toBe('1.1.0')
    expect(RELEASE_NOTES.map((n) => n.date)).toEqual(['2025-04-01', '2025-03-19', '2024-12-21'])
    expect(RELEASE_NOTES[0]!.description).toMatch(/todas las sentencias/)
  })

  it('formats dates es-PE as day, short month, year', () => {
    expect(formatNoteDate('2025-03-19')).toMatch(/^19 mar\.? 2025$/)
    expect(formatNoteDate('2024-12-21')).toMatch(/^21 dic\.? 2024$/)
  })
})
