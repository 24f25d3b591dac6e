import { describe, expect, it } from 'vitest'
import { forEachLexeme, tsvectorMatches } from './tsvector-text'

describe('tsvector text', () => {
  // As Postgres prints it: lexemes in its own order, weight D without a letter, quotes doubled.
  const text = "'dur':3C,40C 'despid':1A,9C,52C 'botar':5C,900,904 'mandat':7B 'it''s':12C 'xdespid':14C"

  it('reads the counts and positions of the stems asked for, in the tsvector’s order', () => {
    const m = tsvectorMatches(text, ['mandat', 'despid', 'botar', 'ausente'])
    expect([...m.keys()]).toEqual(['despid', 'botar', 'mandat'])
    expect(m.get('despid')).toEqual({ a: 1, b: 0, c: 2, d: 0, at: [9, 52] })
    expect(m.get('mandat')).toEqual({ a: 0, b: 1, c: 0, d: 0, at: [] })
    // The descriptor index's words (D) are counted apart and have no place in the text.
    expect(m.get('botar')).toEqual({ a: 0, b: 0, c: 1, d: 2, at: [5], atD: [900, 904] })
  })

  it('finds a stem only as a whole lexeme, quotes included', () => {
    expect(tsvectorMatches("'xdespid':14C", ['despid']).size).toBe(0)
    expect(tsvectorMatches(text, ["it's"]).get("it's")).toEqual({ a: 0, b: 0, c: 1, d: 0, at: [12] })
    expect(tsvectorMatches("'a''dur':2C 'dur':4C", ['dur']).get('dur')?.at).toEqual([4])
  })

  it('walks every lexeme with its counts per weight', () => {
    const seen: unknown[] = []
    forEachLexeme(`${text} 'sinpos'`, (lexeme, a, b, c, d) => seen.push([lexeme, a, b, c, d]))
    expect(seen).toEqual([
      ['dur', 0, 0, 2, 0],
      ['despid', 1, 0, 2, 0],
      ['botar', 0, 0, 1, 2],
      ['mandat', 0, 1, 0, 0],
      ["it's", 0, 0, 1, 0],
      ['xdespid', 0, 0, 1, 0],
      ['sinpos', 0, 0, 0, 0],
    ])
  })
})
