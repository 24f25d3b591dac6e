import { describe, expect, it } from 'vitest'
import { creditsLabel } from './credits-label'

describe('creditsLabel', () => {
  it('says a number of credits in Spanish, singular only for one', () => {
    expect(creditsLabel(1)).toBe('1 crédito')
    expect(creditsLabel(2)).toBe('2 créditos')
    expect(creditsLabel(0)).toBe('0 créditos')
  })
})
