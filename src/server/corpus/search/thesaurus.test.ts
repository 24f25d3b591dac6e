import { describe, expect, it } from 'vitest'
import { candidateEntries, compileKey, matchAt, queryWords, THESAURUS } from './thesaurus'

/** Ways people type a key's words: as written, inflected, in the plural, misspelt by sound, among other words. */
function variants(raw: string): string[][] {
  const own = compileKey(raw.replace(/^!/, '')).map((w) => w.text)
  const done = own.map((w) => (w.endsWith('*') ? `${w.slice(0, -1)}ados` : w))
  return [
    done,
    done.map((w) => `${w}s`),
    done.map((w) => `${w}es`),
    done.map((w) => (w.endsWith('s') ? w.slice(0, -1) : w)),
    done.map((w) => (w.length > 6 ? `${w.slice(0, -2)}ron` : w)),
    done.map((w) => (w.length > 6 ? w.slice(0, -2) : w)),
    done.map((w) =>
      w
        .replace(/v/g, 'b')
        .replace(/c([ei])/g, 's$1')
        .replace(/^h/, ''),
    ),
    ['mi', ...done.flatMap((w) => [w, 'de'])],
  ]
}

describe('thesaurus candidate index', () => {
  it('never leaves out an entry whose key matches the query', () => {
    // Each key against the ways its own words are typed: every rule of matches() in play, key by key.
    const missed: string[] = []
    THESAURUS.forEach(({ keys }, entry) => {
      for (const raw of keys) {
        const key = compileKey(raw.replace(/^!/, ''))
        for (const words of variants(raw)) {
          const query = queryWords(words)
          if (matchAt(key, query) && !candidateEntries(query).includes(entry))
            missed.push(`${raw}: ${words.join(' ')}`)
        }
      }
    })
    expect(missed).toEqual([])
  })

  it('reads only a small part of the table for a question', () => {
    const words = 'me botaron del trabajo sin motivo y no me pagan mi cts'.split(' ')
    expect(candidateEntries(queryWords(words)).length).toBeLessThan(THESAURUS.length / 4)
  })

  it('says each thing once: no empty entry, no key whose other entry already adds the same law words', () => {
    const entriesOf = new Map<string, number[]>()
    THESAURUS.forEach(({ keys }, e) => {
      for (const k of keys) entriesOf.set(k, [...(entriesOf.get(k) ?? []), e])
    })
    const law = (e: number) => new Set(THESAURUS[e]!.law.split(' '))
    const within = (a: Set<string>, b: Set<string>) => [...a].every((w) => b.has(w))
    const redundant = [...entriesOf].filter(([, es]) =>
      es.some((a, i) => es.some((b, j) => i !== j && within(law(a), law(b)))),
    )
    expect(redundant.map(([k]) => k)).toEqual([])
    expect(THESAURUS.filter(({ keys }) => !keys.length)).toEqual([])
  })
})
