import { describe, expect, it } from 'vitest'
import { chosenNorms } from './candidates'
import type { DocumentInfo } from './vocabulary'

const doc = (identifier: string, country = 'PE', kind = 'norma'): DocumentInfo => ({
  identifier,
  kind,
  country,
  priority: 0,
  status: null,
  cited: 0,
  articles: 10,
})
const vocab = {
  documents: new Map<number, DocumentInfo>([
    [1, doc('LEY-29783-2011')],
    [2, doc('LEY-27735-2002')],
    [3, doc('DLEG-713-1991')],
    [4, doc('LEY-29783-2026')],
    [5, doc('LEY-100-2000', 'CL')],
    [6, doc('EXP-001-2020', 'PE', 'sentencia')],
  ]),
}

describe('the norms whose articles are all candidates', () => {
  it('takes every file of a named norm, then the stage’s choices, each once', () => {
    expect(chosenNorms(vocab, {}, ['LEY-29783-*'], [2, 1])).toEqual([1, 4, 2])
    expect(chosenNorms(vocab, {}, [], [3])).toEqual([3])
    expect(chosenNorms(vocab, {}, [], [])).toEqual([])
  })

  it('keeps to an agent’s documents: a norm named outside them is not one', () => {
    expect(chosenNorms(vocab, { documents: ['DLEG-713-1991'] }, ['LEY-29783-*'], [3])).toEqual([3])
    expect(chosenNorms(vocab, { documents: ['DLEG-713-1991'] }, ['LEY-29783-*'], [2])).toEqual([])
  })

  it('keeps to the country and the kind asked for, and drops ids the index does not hold', () => {
    expect(chosenNorms(vocab, { country: 'pe' }, ['LEY-100-*'], [5, 2])).toEqual([2])
    expect(chosenNorms(vocab, { type: 'norma' }, ['EXP-001-*'], [6, 99])).toEqual([])
  })
})
