import { describe, expect, it } from 'vitest'
import { namedFiles } from './ensure-derived'

describe("the start's warning on editions it could not render again", () => {
  it('names a few files and counts the rest, however many there are', () => {
    expect(namedFiles(['a.md'])).toBe('a.md')
    expect(namedFiles(['a.md', 'b.md', 'c.md', 'd.md', 'e.md'])).toBe('a.md, b.md, c.md, d.md, e.md')
    const many = Array.from({ length: 3000 }, (_, i) => `n${i}.md`)
    expect(namedFiles(many)).toBe('n0.md, n1.md, n2.md, n3.md, n4.md y 2995 más')
  })
})
