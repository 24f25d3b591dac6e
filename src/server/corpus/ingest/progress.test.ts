import { describe, expect, it } from 'vitest'
import { progressLine } from './progress'

describe('ingestion progress', () => {
  it('draws the progress line with files, passages, elapsed and ETA', () => {
    expect(progressLine({ filesDone: 5, filesTotal: 10, passages: 1234, elapsedMs: 10_000 }, 10)).toBe(
      '[#####-----] 5/10 archivos · 1,234 pasajes · 00:10 · ETA 00:10',
    )
    expect(progressLine({ filesDone: 0, filesTotal: 10, passages: 0, elapsedMs: 0 }, 4)).toContain(
      'ETA --:--',
    )
  })
})
