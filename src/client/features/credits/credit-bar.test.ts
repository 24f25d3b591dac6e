import { describe, expect, it } from 'vitest'
import { creditBar } from './credit-bar'

describe('creditBar', () => {
  it.each([
    [0, 10, 'red', true, 0],
    [-2, 10, 'red', true, 0],
    [1, 10, 'yellow', true, 10],
    [2, 10, 'yellow', false, 20],
    [3, 10, 'green', false, 30],
    [10, 10, 'green', false, 100],
    [5, 0, 'green', false, 100],
    [0, 0, 'red', true, 0],
  ] as const)('%i of %i → %s, striped %s, %i %%', (remaining, total, colour, striped, percent) => {
    expect(creditBar(remaining, total)).toEqual({
      colorPalette: colour,
      striped,
      percent,
      empty: remaining <= 0,
    })
  })

  it('marks the bar empty at 0 or below only, whatever the total', () => {
    expect(creditBar(0, 10).empty).toBe(true)
    expect(creditBar(-1, 0).empty).toBe(true)
    expect(creditBar(1, 1000).empty).toBe(false)
  })
})
