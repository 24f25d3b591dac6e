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
