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
    expect(creditBar(remaining, total)).toEqual({ colorPalette: colour, striped, percent })
  })
})
