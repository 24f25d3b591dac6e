import { describe, expect, it } from 'vitest'
import {
  EXTERNAL_SOURCES_MAX,
  readBooleanish,
  readHistoryId,
  readSourceItems,
} from './external-agent-schemas'
import { sourceItemSchema } from './search-schemas'

describe('external agent response', () => {
  it('reads history_id as spec §3 says', () => {
    expect(readHistoryId(5)).toBe(5)
    expect(readHistoryId('0005')).toBe(5)
    expect(readHistoryId(-1)).toBeNull()
    expect(readHistoryId('-1')).toBeNull()
    expect(readHistoryId(Number.NaN)).toBeNull()
    expect(readHistoryId('1e3')).toBeNull()
    expect(readHistoryId(2 ** 60)).toBeNull()
  })

  it('reads boolean-ish flags', () => {
    expect([true, 'TRUE', 'sí', 1, '1'].map(readBooleanish)).toEqual([true, true, true, true, true])
    expect([false, 'no', 0, 2, null, {}].map(readBooleanish)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('turns context items into valid source items and drops what is not an object', () => {
    const items = readSourceItems(
      [
        {
          title: 7,
          content: 'x'.repeat(30_000),
          url: '//otro.sitio/a.pdf',
          page_number: 2.5,
          notes: ['n', 1],
        },
        'texto',
        null,
        [],
        { file_name: 'LEY-1.pdf', url: '/api/originals/LEY-1.pdf', page_number: 4 },
      ],
      'norma',
    )
    expect(items).toHaveLength(2)
    for (const item of items) expect(sourceItemSchema.parse(item)).toEqual(item)
    expect(items[0]).toMatchObject({ title: '7', url: '', page_number: 1, notes: ['n'] })
    expect(items[0]!.content).toHaveLength(20_000)
    expect(items[1]).toMatchObject({
      title: 'LEY-1.pdf',
      identifier: 'LEY-1',
      url: '/api/originals/LEY-1.pdf',
      page_number: 4,
    })
    expect(readSourceItems('no es lista', 'sentencia')).toEqual([])
    expect(readSourceItems(Array(80).fill({}), 'sentencia')).toHaveLength(EXTERNAL_SOURCES_MAX)
  })
})
