import { describe, expect, it } from 'vitest'
import type { Evidence, IdeaSource } from '../corpus/search/rank'
import type { SearchHit } from '../corpus/search/search'
import { ANSWER_GATE, answeringHits, heldEvidence, leads } from './relevance'

let next = 0
/** A hit as search returns it; only its match and evidence matter to the decision. */
function hit(evidence: Evidence | undefined, match: SearchHit['match'] = 'text', documentId = 1): SearchHit {
  next++
  return {
    passageId: next,
    documentId,
    identifier: 'LEY-1-2000',
    kind: 'norma',
    title: 'Ley de prueba',
    tipoAlias: 'Ley',
    jerarquiaAlias: 'Ley',
    status: null,
    lastUpdated: null,
    passageKind: 'articulo',
    number: String(next),
    label: `Artículo ${next}`,
    heading: null,
    path: '',
    content: 'texto',
    notes: [],
    repealedBy: [],
    amendedBy: [],
    pageNumber: 1,
    fileName: 'LEY-1-2000.md',
    // Its score over the best text hit's is its margin; the best scores well above the least strength.
    score: 2 * ANSWER_GATE.strength * (evidence?.margin ?? 1),
    match,
    snippet: '',
    ...(evidence ? { evidence } : {}),
  }
}

/** Evidence of ideas of equal weight (well above the least weight a leading hit must hold), held as given. */
const evidence = (ideas: (IdeaSource | null)[], margin = 1, weight = ANSWER_GATE.least): Evidence => ({
  ideas,
  weights: ideas.map(() => weight),
  mentioned: false,
  normFit: 0,
  margin,
})

describe('the decision to answer on the ranking’s evidence', () => {
  it('counts ideas held through the thesaurus and the descriptors, not only the user’s words in the text', () => {
    // 'me botaron del trabajo': the law says 'despido'; people's words for the article are in its descriptors.
    const viaLaw = hit(evidence(['law', 'descriptor']))
    expect(heldEvidence(viaLaw.evidence!).share).toBe((ANSWER_GATE.law + ANSWER_GATE.descriptor) / 2)
    expect(leads(viaLaw)).toBe(true)
    expect(answeringHits([viaLaw])).toEqual([viaLaw])
  })

  it('abstains when the best hit holds a minority of the ideas, or only a common word', () => {
    // The idea the law never speaks of ('ceviche') weighs as the rarest word: a hit without it does not answer.
    const partial = hit({ ...evidence(['user', null]), weights: [ANSWER_GATE.least, 3 * ANSWER_GATE.least] })
    expect(leads(partial)).toBe(false)
    const common = hit(evidence(['user'], 1, ANSWER_GATE.least / 3))
    expect(heldEvidence(common.evidence!).share).toBe(1)
    expect(leads(common)).toBe(false)
    expect(answeringHits([partial, common])).toEqual([])
  })

  it('always takes a direct article reference, and with it nothing weak', () => {
    const reference = hit(undefined, 'reference')
    const weak = hit(evidence(['user', null, null, null], ANSWER_GATE.floor / 2))
    expect(answeringHits([reference, weak])).toEqual([reference])
  })

  it('keeps the neighbours close to the best once one hit leads, above or below it, and drops the far ones', () => {
    const share = Math.min(1, ANSWER_GATE.followShare + 0.05)
    const ideas = (held: number) =>
      Array.from({ length: 20 }, (_, i) => (i < Math.round(held * 20) ? ('user' as const) : null))
    const neighbourAbove = hit(evidence(ideas(share), 1))
    const leader = hit(evidence(['user', 'law'], (1 + ANSWER_GATE.followMargin) / 2))
    const neighbourBelow = hit(evidence(ideas(share), ANSWER_GATE.followMargin))
    // Of another norm: the leader's own norm is carried from further below (next test).
    const far = hit(evidence(ideas(share), ANSWER_GATE.followMargin / 2), 'text', 2)
    expect(leads(neighbourAbove)).toBe(share >= ANSWER_GATE.share)
    expect(answeringHits([neighbourAbove, leader, neighbourBelow, far])).toEqual([
      neighbourAbove,
      leader,
      neighbourBelow,
    ])
    // Without a leader, neighbours alone are nothing.
    expect(answeringHits([neighbourAbove, neighbourBelow])).toEqual(
      share >= ANSWER_GATE.share ? [neighbourAbove, neighbourBelow] : [],
    )
  })

  it('carries search’s first hits of the norm of a hit that answers from further below the best', () => {
    const share = Math.min(1, ANSWER_GATE.followShare + 0.05)
    const ideas = Array.from({ length: 20 }, (_, i) =>
      i < Math.round(share * 20) ? ('user' as const) : null,
    )
    const between = (ANSWER_GATE.kinMargin + ANSWER_GATE.followMargin) / 2
    const leader = hit(evidence(['user', 'law']))
    // The leader's norm: its article on the person's case scores far below the one on the institution's scope.
    const sameNorm = hit(evidence(ideas, between))
    const otherNorm = hit(evidence(ideas, between), 'text', 2)
    const holdsLittle = hit(evidence(['user', null, null, null, null], between))
    const tooFar = hit(evidence(ideas, ANSWER_GATE.kinMargin / 2))
    const filler = Array.from({ length: ANSWER_GATE.kinRank }, () =>
      hit(evidence([null, null], 0.1), 'text', 3),
    )
    const beyondTop = hit(evidence(ideas, between))
    expect(ANSWER_GATE.kinMargin).toBeLessThan(ANSWER_GATE.followMargin)
    expect(answeringHits([leader, sameNorm, otherNorm, holdsLittle, tooFar])).toEqual([leader, sameNorm])
    // Only within search's first few: the same article further down the list is left out.
    expect(answeringHits([leader, ...filler, beyondTop])).toEqual([leader])
    // A norm with no hit that answers carries nothing.
    expect(answeringHits([leader, otherNorm])).toEqual([leader])
  })

  it('lets a hit holding many of a long question’s specific ideas lead below half of their weight', () => {
    // An invented long question: its story's words weigh against the article that holds its subject.
    const question = (held: number, of: number) =>
      hit(evidence(Array.from({ length: of }, (_, i) => (i < held ? ('user' as const) : null))))
    const many = ANSWER_GATE.many
    const of = Math.floor(many / ANSWER_GATE.manyShare)
    expect(many / of).toBeLessThan(ANSWER_GATE.share)
    expect(leads(question(many, of))).toBe(true)
    // Fewer ideas at the same share, or as many at a smaller one: no.
    expect(leads(question(many - 1, Math.floor((many - 1) / ANSWER_GATE.manyShare)))).toBe(false)
    expect(leads(question(many, Math.ceil(many / ANSWER_GATE.manyShare) + 2))).toBe(false)
  })

  it('wants two of the question’s specific ideas met together, not one word of several in common', () => {
    // An invented chat line, 'my favourite kind of music': the law speaks of one of its words, not of the others.
    const oneOfTwo = hit(evidence(['user', null]))
    expect(heldEvidence(oneOfTwo.evidence!).share).toBeGreaterThanOrEqual(ANSWER_GATE.share)
    expect(leads(oneOfTwo)).toBe(false)
    expect(leads(hit(evidence(['user', 'law', null])))).toBe(true)
    // A question of one idea ('usucapión') is answered by a hit that holds it.
    expect(leads(hit(evidence(['user'])))).toBe(true)
    // A word found everywhere is not a specific idea: one specific idea held of one is enough.
    const withCommon = hit({
      ...evidence(['user', null]),
      weights: [ANSWER_GATE.least, ANSWER_GATE.specific / 2],
    })
    expect(leads(withCommon)).toBe(true)
  })

  it('wants one idea in the law’s own text, not only in the descriptor index', () => {
    expect(leads(hit(evidence(['descriptor', 'descriptor'])))).toBe(false)
    expect(leads(hit(evidence(['descriptor', 'law'])))).toBe(true)
    expect(leads(hit(evidence(['descriptor', 'correction'])))).toBe(true)
  })

  it('abstains when even the best text hit matches weakly, whatever share of the ideas it holds', () => {
    const strong = hit(evidence(['user', 'law']))
    expect(leads(strong)).toBe(true)
    const weak = { ...strong, score: ANSWER_GATE.strength / 2 }
    expect(leads(weak)).toBe(false)
    // A hit half as good as a strong best is judged by the best's strength, not its own.
    expect(leads(hit(evidence(['user', 'law'], 0.5)))).toBe(true)
  })

  it('takes the name of the norm the question names as its evidence: the rest may be a few everyday words', () => {
    // What is left once the name is taken out: one common word, weakly matched.
    const rest = { ...evidence(['user'], 1, ANSWER_GATE.least / 3) }
    const unnamed = { ...hit(rest), score: ANSWER_GATE.strength / 2 }
    expect(leads(unnamed)).toBe(false)
    expect(leads({ ...unnamed, evidence: { ...rest, mentioned: true } })).toBe(true)
    // Named, but holding none of the rest, or far below the best: no.
    expect(leads(hit({ ...evidence([null, null]), mentioned: true }))).toBe(false)
    expect(leads(hit({ ...evidence(['user'], ANSWER_GATE.floor / 2), mentioned: true }))).toBe(false)
  })

  it('lets a hit of the named norm lead on less of the rest than an unnamed one needs', () => {
    // One of three equal ideas: the person's other words for the case ('quién decide al final') are not the law's.
    const third = evidence(['user', null, null])
    expect(heldEvidence(third).share).toBeLessThan(ANSWER_GATE.share)
    expect(heldEvidence(third).share).toBeGreaterThanOrEqual(ANSWER_GATE.namedShare)
    expect(leads(hit(third))).toBe(false)
    expect(leads(hit({ ...third, mentioned: true }))).toBe(true)
    // Named, holding one of four: under namedShare too.
    expect(leads(hit({ ...evidence(['user', null, null, null]), mentioned: true }))).toBe(false)
  })

  it('drops a hit far below the best, whatever it holds', () => {
    expect(leads(hit(evidence(['user', 'user'], ANSWER_GATE.floor / 2)))).toBe(false)
  })
})
