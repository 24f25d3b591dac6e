import { describe, expect, it } from 'vitest'
import { parseDescriptors } from './descriptors'

describe('descriptor index', () => {
  it('reads one article per line, joins repeated articles, and reports lines that are not descriptors', () => {
    const bytes = Buffer.from(
      [
        '{"article":"34","phrases":["me botaron sin motivo","despido sin causa"]}',
        '',
        '{"article":"34","phrases":["cuanto me pagan si me botan"]}',
        '{"article":"38"}',
        '{"article":"38","phrases":[]}',
        'no es json',
      ].join('\n'),
    )
    const d = parseDescriptors(bytes)
    expect([...d.byArticle]).toEqual([
      ['34', ['me botaron sin motivo', 'despido sin causa', 'cuanto me pagan si me botan']],
    ])
    expect(d.problems).toEqual([
      'línea 4: no es un descriptor (article, phrases)',
      'línea 5: no es un descriptor (article, phrases)',
      'línea 6: no es JSON',
    ])
  })
})
