import { describe, expect, it } from 'vitest'
import { matchRanges } from './highlight'

describe('matchRanges', () => {
  it('finds every occurrence ignoring case and accents', () => {
    expect(matchRanges('El Mandato presidencial… el mandato', 'mandato')).toEqual([
      [3, 10],
      [28, 35],
    ])
    expect(matchRanges('Reelección inmediata', 'reeleccion')).toEqual([[0, 10]])
    expect(matchRanges('texto', '  ')).toEqual([])
    expect(matchRanges('texto', 'nada')).toEqual([])
  })
})
