import { describe, expect, it } from 'vitest'
import { wantsFreshProcess } from './fresh-process'

const MB = 2 ** 20

describe('a fresh server process after the corpus pass', () => {
  it('is asked for when the pass stored files and left the server above the limit', () => {
    expect(wantsFreshProcess({ ingested: 3530 }, 264 * MB, 200)).toBe(true)
    expect(wantsFreshProcess({ ingested: 1 }, 1, 0)).toBe(true)
  })

  it('is not asked for after a pass that stored nothing, however large the server', () => {
    expect(wantsFreshProcess({ ingested: 0 }, 900 * MB, 200)).toBe(false)
  })

  it('is not asked for when the server is at or under the limit', () => {
    expect(wantsFreshProcess({ ingested: 12 }, 200 * MB, 200)).toBe(false)
    expect(wantsFreshProcess({ ingested: 12 }, 170 * MB, 200)).toBe(false)
  })
})

describe('a server that ran the first pass with the pass flags', () => {
  it('hands over whatever its pass did and however small it stayed', () => {
    expect(wantsFreshProcess({ ingested: 0 }, 120 * MB, 200, true)).toBe(true)
    expect(wantsFreshProcess({ ingested: 3530 }, 150 * MB, 200, true)).toBe(true)
  })
})
