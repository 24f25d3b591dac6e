import { describe, expect, it } from 'vitest'
import { parseMatches } from '../../test/field-counts'
import { CandidatePool, type NormFacts } from './candidate-pool'
import { type Candidate, type Concept, RANK, rankQuery, scoreCandidate } from './rank'

/** A concept with members of their own membership (a family: 'despid' 1, 'despedid' 0.8). */
const concept = (members: [string, number][], units: number[], idf: number, weight = 1): Concept => ({
  key: members[0]![0],
  members: new Map(members),
  weight,
  idf,
  units,
})

const q = rankQuery(
  [
    concept(
      [
        ['despid', 1],
        ['despedid', 0.8],
      ],
      [0],
      3.1,
    ),
    concept([['arbitrari', 1]], [1], 4.2),
    concept([['indemniz', 1]], [1, 2], 2.5, 0.7),
    concept([['plaz', 1]], [2], 1.9),
  ],
  3,
  [0, 1, 2],
)
const ctx = { meanLength: 600 }

const norms: Record<number, NormFacts> = {
  7: {
    documentId: 7,
    priority: 80,
    status: 'in_force',
    cited: 40,
    mentioned: false,
    inDomain: true,
    normFit: 1,
    normCover: [0.5, 0, 0.2],
  },
  9: {
    documentId: 9,
    priority: 20,
    status: 'repealed',
    cited: 0,
    mentioned: true,
    inDomain: false,
    normFit: 0,
    normCover: undefined,
  },
}
const passages = { openings: new Map([[102, 1]]), amending: new Set([104]) }

/** Passages as the first stage reads them: counts only, no positions (a long one past longCap among them). */
const rows: { id: number; doc: number; kind: string; length: number; matches: string }[] = [
  { id: 101, doc: 7, kind: 'articulo', length: 420, matches: 'despid:AC arbitrari:C' },
  { id: 102, doc: 7, kind: 'articulo', length: 900, matches: 'despedid:CC indemniz:C plaz:B' },
  { id: 103, doc: 9, kind: 'articulo', length: RANK.longCap * 3, matches: 'despid:CCCC plaz:D' },
  { id: 104, doc: 9, kind: 'disposicion', length: 300, matches: 'indemniz:C' },
  { id: 105, doc: 7, kind: 'articulo', length: 200, matches: 'otra:C' },
]

function fill(): CandidatePool {
  const pool = new CandidatePool(q, (id) => norms[id]!, passages)
  for (const r of rows) {
    const index = pool.add(r.id, r.doc, r.kind, r.length)
    for (const [stem, m] of parseMatches(r.matches)) pool.set(index, stem, m.a, m.b, m.c, m.d)
  }
  return pool
}

/** The same passage as a Candidate object, as the ranking took them before the pool. */
function asCandidate(r: (typeof rows)[number]): Candidate {
  const norm = norms[r.doc]!
  return {
    ...norm,
    id: r.id,
    kind: r.kind,
    length: r.length,
    matches: parseMatches(r.matches),
    opening: passages.openings.get(r.id) ?? 0,
    amending: passages.amending.has(r.id),
  }
}

describe('the first stage’s candidate pool', () => {
  it('scores every candidate exactly as scoreCandidate scores it as an object, best first', () => {
    const pool = fill()
    const expected = rows
      .map((r, index) => ({ index, score: scoreCandidate(asCandidate(r), q, ctx) }))
      .filter((r) => r.score > 0)
      .sort((x, y) => y.score - x.score)
    expect(expected.length).toBe(4)
    expect(pool.best(ctx, 10)).toEqual(expected)
    expect(pool.best(ctx, 2)).toEqual(expected.slice(0, 2))
  })

  it('gives back a candidate with the counts of the query stems it holds, and the facts of its norm and place', () => {
    const pool = fill()
    const c = pool.candidate(1)
    expect(c).toEqual({ ...asCandidate(rows[1]!), matches: parseMatches('despedid:CC indemniz:C plaz:B') })
    expect(pool.candidate(4).matches.size).toBe(0)
    expect(pool.candidate(3).amending).toBe(true)
  })

  it('keeps the first counts of a passage added twice, and grows past its first capacity', () => {
    const pool = new CandidatePool(q, (id) => norms[id]!, passages)
    for (let id = 1; id <= 1000; id++) {
      const index = pool.add(id, 7, 'articulo', 400)
      pool.set(index, 'despid', 0, 0, id % 5, 0)
    }
    expect(pool.add(500, 9, 'disposicion', 10)).toBe(499)
    expect(pool.size).toBe(1000)
    expect(pool.candidate(999).matches.get('despid')).toEqual({ a: 0, b: 0, c: 0, d: 0 })
    expect(pool.candidate(998).matches.get('despid')).toEqual({ a: 0, b: 0, c: 4, d: 0 })
    expect(pool.candidate(499).kind).toBe('articulo')
  })
})
