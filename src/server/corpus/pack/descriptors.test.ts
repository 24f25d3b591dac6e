import { describe, expect, it } from 'vitest'
import { parseDescriptors } from './descriptors'

describe('descriptor index', () => {
  it('reads one article per line, its phrases and questions, joins repeated articles, and reports lines that are not descriptors', () => {
    const bytes = Buffer.from(
      [
        '{"article":"34","phrases":["me botaron sin motivo","despido sin causa"]}',
        '',
        '{"article":"34","phrases":["cuanto me pagan si me botan"],"questions":["me botaron, cuanto me toca"]}',
        '{"article":"35","questions":["me bajaron el sueldo, puedo considerarme despedido"]}',
        '{"article":"38"}',
        '{"article":"38","phrases":[]}',
        'no es json',
      ].join('\n'),
    )
    const d = parseDescriptors(bytes)
    expect([...d.byArticle]).toEqual([
      [
        '34',
        [
          'me botaron sin motivo',
          'despido sin causa',
          'cuanto me pagan si me botan',
          'me botaron, cuanto me toca',
        ],
      ],
      ['35', ['me bajaron el sueldo, puedo considerarme despedido']],
    ])
    expect(d.problems).toEqual([
      'línea 5: no es un descriptor (article, phrases o questions)',
      'línea 6: no es un descriptor (article, phrases o questions)',
      'línea 7: no es JSON',
    ])
  })
})

describe('descriptor lines made by corpus:describe --articles', () => {
  const made = {
    model: 'modelo-falso',
    prompt: 'article-descriptors.v1',
    source: 'a'.repeat(64),
    at: '2026-11-25T10:00:00.000Z',
  }

  it('read the same as hand-written lines: how they were made is not searched', () => {
    const old = '{"article":"5","phrases":["me botaron sin motivo"],"questions":["cuanto me toca"]}'
    const fresh = JSON.stringify({
      article: '5',
      phrases: ['me botaron sin motivo'],
      questions: ['cuanto me toca'],
      made,
    })
    expect(parseDescriptors(Buffer.from(fresh))).toEqual(parseDescriptors(Buffer.from(old)))
    expect(parseDescriptors(Buffer.from(fresh)).byArticle.get('5')).toEqual([
      'me botaron sin motivo',
      'cuanto me toca',
    ])
  })

  it('are refused when their record of how is malformed', () => {
    const line = (m: unknown) => JSON.stringify({ article: '5', phrases: ['despido'], made: m })
    for (const bad of [{ ...made, source: 'abc' }, { ...made, at: 'ayer' }, { ...made, model: '' }, 'modelo'])
      expect(parseDescriptors(Buffer.from(line(bad))).problems).toEqual([
        'línea 1: no es un descriptor (article, phrases o questions)',
      ])
  })
})

describe('an empty generated line', () => {
  it('is valid (its article was read and had nothing to say) and adds nothing to the index', () => {
    const line = JSON.stringify({
      article: '5',
      phrases: [],
      questions: [],
      made: {
        model: 'm',
        prompt: 'article-descriptors.v1',
        source: 'b'.repeat(64),
        at: '2026-11-25T10:00:00Z',
      },
    })
    const d = parseDescriptors(Buffer.from(`${line}\n{"article":"6","phrases":["despido"]}`))
    expect(d.problems).toEqual([])
    expect([...d.byArticle]).toEqual([['6', ['despido']]])
  })
})
