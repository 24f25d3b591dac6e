import { describe, expect, it } from 'vitest'
import {
  citedNumbers,
  removeUnknownCitations,
  renumberCitations,
  withoutCitations,
  withoutOpenCitation,
} from './citations'

describe('citations', () => {
  it('removes citations to numbers that were not given, with the space before them', () => {
    expect(removeUnknownCitations('El mandato dura cinco años [1]. No hay reelección [7].', 2)).toBe(
      'El mandato dura cinco años [1]. No hay reelección.',
    )
    expect(removeUnknownCitations('Dos fuentes [1, 9] y [0]; rango [2-4].', 3)).toBe(
      'Dos fuentes [1] y; rango [2, 3].',
    )
    expect(removeUnknownCitations('Seguidas [1][5][2].', 2)).toBe('Seguidas [1][2].')
  })

  it('leaves brackets that are not citations alone', () => {
    const text = 'Ver el inciso [a] del artículo y la nota [*].'
    expect(removeUnknownCitations(text, 1)).toBe(text)
  })

  it('lists the numbers cited, in order of first appearance', () => {
    expect(citedNumbers('Primero [3], luego [1; 3] y [2-4].')).toEqual([3, 1, 2, 4])
    expect(citedNumbers('Sin citas.')).toEqual([])
  })

  it('takes every citation out, so that what a text states can be read without them', () => {
    expect(withoutCitations('Cinco años [1], sin reelección [1, 2]. Ver el inciso [a].')).toBe(
      'Cinco años, sin reelección. Ver el inciso [a].',
    )
  })

  it('renumbers citations to match the sources kept', () => {
    const numbering = new Map([
      [2, 1],
      [5, 2],
    ])
    expect(renumberCitations('A [2]. B [5]. C [2, 5].', numbering)).toBe('A [1]. B [2]. C [1, 2].')
  })

  it('holds back a citation a stream has not finished', () => {
    expect(withoutOpenCitation('El plazo es de treinta días [1')).toBe('El plazo es de treinta días')
    expect(withoutOpenCitation('El plazo es de treinta días [')).toBe('El plazo es de treinta días')
    expect(withoutOpenCitation('Completo [1]')).toBe('Completo [1]')
  })
})
