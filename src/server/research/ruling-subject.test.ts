import { describe, expect, it } from 'vitest'
import type { Ideas } from './relevance'
import {
  claimArticles,
  concernsQuestion,
  ideasIn,
  parseCitedNorm,
  type RulingSubject,
  rulingIdeas,
  rulingText,
  sameArea,
  subjectEvidence,
  summaryCitations,
} from './ruling-subject'

/** A question's ideas as relevance.ts would give them: one per word, with a made-up specificity. */
function ideasOf(weighted: Record<string, number>): Ideas {
  const words = Object.keys(weighted)
  return {
    units: words.map((w) => ({ user: [w], added: [], phrase: [] })),
    forms: words.map((w) => [w]),
    weights: words.map((w) => weighted[w]!),
  }
}

const ruling = (over: Partial<RulingSubject>): RulingSubject => ({
  appealType: 'Recurso de Nulidad',
  summary: null,
  passage: null,
  claims: [],
  keywords: [],
  citedNorms: [],
  ...over,
})

describe('the ideas a ruling holds', () => {
  const ideas = ideasOf({ pena: 1, condenado: 3, robo: 4 })
  it('matches whole short words and their plurals, and long words by their root', () => {
    expect(ideasIn('las penas impuestas', ideas)).toEqual(new Set([0]))
    expect(ideasIn('la condenada apeló', ideas)).toEqual(new Set([1]))
  })
  it('does not take a longer word for a short one', () => {
    expect(ideasIn('el proceso penal contra el robot', ideas)).toEqual(new Set())
  })
})

describe('cited norms', () => {
  it('names the norm and the article', () => {
    expect(parseCitedNorm('Código Penal : 189')).toEqual({ identifiers: ['DLEG-PENAL-1991'], article: '189' })
    expect(parseCitedNorm('Constitución Política del Perú : 2')).toMatchObject({
      identifiers: ['CON-1993'],
      article: '2',
    })
    expect(parseCitedNorm('Ley 29497')).toEqual({ identifiers: ['LEY-29497-2010'], article: null })
    expect(parseCitedNorm('algo que no es una norma')).toBeNull()
  })
  it("reads the crime's article in a claim", () => {
    expect(claimArticles(['Hurto Agravado Art. 186 Primer Párrafo', 'Lesiones graves Art. 121.1'])).toEqual(
      new Set(['186', '121']),
    )
  })
})

describe('whether a ruling concerns the question', () => {
  // 'me negaron la pensión de viudez por no estar casada': pensión and viudez say what is asked.
  const ideas = ideasOf({ negaron: 2, pension: 4, viudez: 7, casada: 3 })
  const answerNorms = [{ identifier: 'DLEG-19990-1973', number: '53' }]

  it('is on the subject when its sumilla holds what the question asks', () => {
    const on = ruling({
      appealType: 'Casación',
      claims: ['Otorgamiento de pensión'],
      summary: 'La conviviente supérstite tiene derecho a pensión de viudez aunque no hubiera estado casada.',
    })
    expect(concernsQuestion(subjectEvidence(on, ideas, answerNorms))).toBe(true)
  })

  it('is not when it only shares a tag: its claim or keywords say the words, its sumilla another issue', () => {
    const tagOnly = ruling({
      appealType: 'Casación',
      claims: ['Pensión de viudez'],
      keywords: ['pensión de viudez', 'casada'],
      summary:
        'Se declara improcedente el recurso por no haberse precisado la infracción normativa denunciada.',
    })
    expect(concernsQuestion(subjectEvidence(tagOnly, ideas, answerNorms))).toBe(false)
  })

  it('reads its keywords beside its sumilla, never instead of it', () => {
    const withKeywords = ruling({
      appealType: 'Casación',
      keywords: ['pensión de viudez'],
      summary: 'No se exige haber estado casada con el causante para acceder a la prestación.',
    })
    expect(concernsQuestion(subjectEvidence(withKeywords, ideas, []))).toBe(true)
    expect(concernsQuestion(subjectEvidence({ ...withKeywords, keywords: [] }, ideas, []))).toBe(false)
  })

  it('is not when its sumilla shares only the commonest word of the question', () => {
    const oneWord = ruling({ summary: 'Le negaron el acceso al expediente y se anula lo actuado.' })
    expect(concernsQuestion(subjectEvidence(oneWord, ideas, answerNorms))).toBe(false)
  })

  it('stands alone (no norm answers) only when it holds two of the question’s specific ideas', () => {
    // An invented chat line, 'tell me a story about a kite': one word in common with a sumilla is no legal subject.
    const chat = ideasOf({ cuentame: 6, cometa: 5 })
    const shares = ruling({ summary: 'Se da cuenta de la resolución que declara fundado el recurso.' })
    const alone = subjectEvidence(shares, chat, [])
    expect(concernsQuestion(alone)).toBe(true)
    expect(concernsQuestion(alone, true)).toBe(false)
    const on = ruling({
      summary: 'La conviviente supérstite tiene derecho a pensión de viudez aunque no hubiera estado casada.',
    })
    expect(concernsQuestion(subjectEvidence(on, ideas, []), true)).toBe(true)
  })

  it('is when it cites the very article the answer cites, and holds something of the question beyond its tag', () => {
    const dismissal = ideasOf({ despido: 5, indemnizacion: 6, calculo: 3 })
    const norms = [{ identifier: 'DLEG-728-1991', number: '34' }]
    const citing = ruling({
      appealType: 'Casación',
      claims: ['Indemnización por despido arbitrario'],
      keywords: ['cálculo'],
      citedNorms: ['D. Leg. 728 : 34'],
      summary: 'Se precisan los requisitos del derecho invocado.',
    })
    const evidence = subjectEvidence(citing, dismissal, norms)
    expect(evidence.citesArticle).toBe(true)
    expect(concernsQuestion(evidence)).toBe(true)
    // Another article of the same norm is not the answer's; the tag alone does not carry it.
    expect(
      concernsQuestion(subjectEvidence(citing, dismissal, [{ identifier: 'DLEG-728-1991', number: '38' }])),
    ).toBe(false)
  })

  it("does not take the crime's own article, cited by a criminal ruling, for the answer's", () => {
    const robbery = ideasOf({ pena: 2, robo: 5, agravado: 4, preventiva: 6 })
    const detention = ruling({
      claims: ['Robo Agravado Art. 189'],
      citedNorms: ['Código Penal : 189'],
      keywords: ['Prisión preventiva'],
      summary: 'La inconcurrencia al juicio justifica revocar la comparecencia por prisión preventiva.',
    })
    const penalty = ideasOf({ pena: 2, robo: 5, agravado: 4 })
    const norms = [{ identifier: 'DLEG-PENAL-1991', number: '189' }]
    expect(subjectEvidence(detention, penalty, norms).citesArticle).toBe(false)
    expect(concernsQuestion(subjectEvidence(detention, penalty, norms))).toBe(false)
    // Asked about pre-trial detention, the same ruling is on the subject.
    expect(concernsQuestion(subjectEvidence(detention, robbery, norms))).toBe(true)
  })

  it("takes the appeal type for a tag: an extradition's sumilla saying 'extradición' is not evidence", () => {
    const extradition = ideasOf({ extradicion: 6, plazo: 3, detenido: 4 })
    const granted = ruling({
      appealType: 'Extradición Activa',
      claims: ['Estafa Art. 196'],
      summary: 'Se declara procedente la solicitud de extradición activa conforme al tratado bilateral.',
    })
    expect(concernsQuestion(subjectEvidence(granted, extradition, []))).toBe(false)
  })
})

describe("the court's everyday vocabulary", () => {
  it('weighs nothing: an idea most sumillas hold says nothing of a ruling', () => {
    const ideas = ideasOf({ corte: 3, suprema: 3, viudez: 7 })
    const summaries = [
      'La Corte Suprema declara infundado el recurso.',
      'La Corte Suprema declara nula la sentencia.',
      'Pensión de viudez de la conviviente.',
    ].map(rulingText)
    expect(rulingIdeas(ideas, summaries).weights).toEqual([0, 0, 7])
  })

  it('still weighs in what the question asks: a sumilla holding only its other words does not hold it all', () => {
    const ideas = ideasOf({ apelar: 4, pension: 5, viudez: 6 })
    const summaries = [
      'Se puede apelar la resolución.',
      'No cabe apelar lo que la ley no prevé.',
      'El demandante puede apelar la sentencia.',
      'Pensión de viudez de la conviviente.',
    ].map(rulingText)
    const court = rulingIdeas(ideas, summaries)
    expect(court.weights).toEqual([0, 5, 6])
    const onViudez = ruling({
      appealType: 'Casación',
      claims: ['Otorgamiento de pensión'],
      summary: 'La conviviente tiene derecho a la pensión de viudez acreditada la unión de hecho.',
    })
    const e = subjectEvidence(onViudez, court, [])
    expect(e.restWeight).toBe(10)
    expect(e.issueWeight).toBe(6)
    expect(concernsQuestion(e)).toBe(true)
    // Had 'apelar' been the question's main point (weighing more), holding the rest is not holding the question.
    expect(concernsQuestion(subjectEvidence(onViudez, { ...court, asked: [12, 5, 6] }, []))).toBe(false)
  })

  it('does not carry a ruling citing the answer’s article when all it holds beyond its tag is that vocabulary', () => {
    const ideas = { ...ideasOf({ apelar: 0, suspension: 5, pena: 6 }), asked: [4, 5, 6] }
    const norms = [{ identifier: 'DLEG-PENAL-1991', number: '57' }]
    const citing = ruling({
      claims: ['Suspensión de la pena'],
      summary: 'Conforme al artículo 57 del Código Penal, se puede apelar la decisión.',
    })
    const e = subjectEvidence(citing, ideas, norms)
    expect(e.citesArticle).toBe(true)
    expect(concernsQuestion(e)).toBe(false)
    // The same ruling holding an idea of weight beyond its tag is carried by the article.
    const withTerm = { ...ideasOf({ apelar: 0, suspension: 5, pena: 6, plazo: 3 }), asked: [4, 5, 6, 3] }
    expect(
      concernsQuestion(
        subjectEvidence({ ...citing, summary: `${citing.summary} en el plazo` }, withTerm, norms),
      ),
    ).toBe(true)
  })
})

describe('articles a sumilla names', () => {
  it('takes an article with the norm named right after it, not one named alone', () => {
    expect(
      summaryCitations(
        'Conforme al numeral 6 del artículo 430 del Código Procesal Penal, y al artículo 12 de la sentencia.',
      ),
    ).toEqual([{ identifiers: expect.any(Array), article: '430' }])
    expect(summaryCitations('El artículo 57 del Código Penal fija las condiciones.')).toEqual([
      { identifiers: ['DLEG-PENAL-1991'], article: '57' },
    ])
  })
})

describe('the area of law', () => {
  it("keeps a criminal chamber's rulings for criminal questions, and the others for the rest", () => {
    expect(sameArea('Sala Penal Permanente', ['DLEG-295-1984'])).toBe(false)
    expect(sameArea('Sala Penal Permanente', ['DLEG-295-1984', 'DLEG-PENAL-1991'])).toBe(true)
    expect(sameArea('Sala de Derecho Constitucional y Social Permanente', ['DLEG-PROCESAL-PENAL-2004'])).toBe(
      false,
    )
    expect(sameArea('Sala Civil Permanente', ['DLEG-295-1984'])).toBe(true)
  })
  it('lets any area go when neither the answer nor the question tells one', () => {
    expect(sameArea('Sala Penal Transitoria', [])).toBe(true)
  })
})
