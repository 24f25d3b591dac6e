import { describe, expect, it } from 'vitest'
import { PostingsText } from './postings-text'

describe('postings read in place', () => {
  it('reads a champion list: numbers and the kind between commas, entries apart by spaces', () => {
    const text = new PostingsText('1201,14,articulo,1,0,2,0,830 77,3,disposicion,0,1,0,4,95')
    const read: (number | string)[][] = []
    while (!text.done)
      read.push([text.number(), text.number(), text.word(','), ...[0, 0, 0, 0, 0].map(() => text.number())])
    expect(read).toEqual([
      [1201, 14, 'articulo', 1, 0, 2, 0, 830],
      [77, 3, 'disposicion', 0, 1, 0, 4, 95],
    ])
  })

  it('reads weights with decimals as the same doubles Number() makes of them', () => {
    const written = [0.001, 0.1, 0.3, 1.005, 2.675, 12.345, 1234.567, 7]
    const text = new PostingsText(
      `${written.length} ${written.map((w, i) => `${i + 1}:${w.toFixed(3)}`).join(' ')}`,
    )
    expect(text.number()).toBe(written.length)
    const weights: number[] = []
    while (!text.done) {
      text.number()
      weights.push(text.number())
    }
    expect(weights).toEqual(written.map((w) => Number(w.toFixed(3))))
    expect(Object.is(weights[3], Number('1.005'))).toBe(true)
  })

  it('reads a last word with no separator after it to the end', () => {
    const text = new PostingsText('5,fin')
    expect(text.number()).toBe(5)
    expect(text.word(',')).toBe('fin')
    expect(text.done).toBe(true)
  })
})
