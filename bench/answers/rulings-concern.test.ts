import { describe, expect, it } from 'vitest'
import { type RulingsLabelledItem, scoreRulings, summarizeRulings } from './rulings-concern'

// Made-up labels: the scorer's rules, not the evaluation data.
const item: RulingsLabelledItem = {
  id: 'x1',
  question: 'una pregunta inventada',
  concern: ['000010-2026'],
  not: ['000010-2026', '000020-2025'],
  concern_uuid: ['u-concern'],
  not_uuid: ['u-twin', 'u-other'],
}

describe('rulings concern scoring', () => {
  it('matches by uuid when the labels give them: a case number two records share is not enough', () => {
    const c = scoreRulings(item, [
      { nroexp: '000010-2026', uuid: 'u-concern' },
      { nroexp: '000010-2026', uuid: 'u-twin' },
      { nroexp: '000099-2024', uuid: 'u-unknown' },
    ])
    expect(c).toEqual({ attached: 3, concern: 1, labelledNot: 1, unlabelled: 1, concernTotal: 1 })
  })

  it('matches by case number when the labels have no uuids', () => {
    const plain = { ...item, concern_uuid: undefined, not_uuid: undefined, not: ['000020-2025'] }
    expect(scoreRulings(plain, [{ nroexp: '000010-2026', uuid: 'any' }]).concern).toBe(1)
  })

  it('sums questions: the share of attached rulings that concern, 1 when none was attached', () => {
    const one = scoreRulings(item, [
      { nroexp: '000010-2026', uuid: 'u-concern' },
      { nroexp: '000020-2025', uuid: 'u-other' },
    ])
    const none = scoreRulings({ ...item, concern: [], concern_uuid: [] }, [])
    const s = summarizeRulings([one, none])
    expect(s).toMatchObject({ attached: 2, concern: 1, share: 0.5, withConcern: 1, withConcernPossible: 1 })
    expect(summarizeRulings([none]).share).toBe(1)
  })
})
