import { describe, expect, it } from 'vitest'
import { RESEARCH_SCOPE_NAMES, type RulingFacts, researchScope, rulingFacts } from './scopes'

const ruling = (overrides: Partial<RulingFacts>): RulingFacts => ({
  chamber: null,
  appealType: 'Casación',
  claims: [],
  keywords: [],
  ...overrides,
})

const CONSTITUTIONAL_CHAMBER = 'Segunda Sala de Derecho Constitucional y Social Transitoria'

describe('research scopes', () => {
  it('has the builtin agents’ scopes, and nothing from the prototype chain', () => {
    expect(RESEARCH_SCOPE_NAMES).toEqual(['general', 'constitucional', 'laboral', 'penal', 'tributario'])
    expect(researchScope('constructor')).toBeUndefined()
    expect(researchScope('toString')).toBeUndefined()
    expect(researchScope('general')?.norms).toBeNull()
    expect(researchScope('constitucional')?.norms).toEqual(
      expect.arrayContaining(['CON-1993', 'LEY-31307-2021']),
    )
    expect(researchScope('penal')?.norms).toEqual(
      expect.arrayContaining(['DLEG-PENAL-1991', 'DLEG-PROCESAL-PENAL-*', 'DLEG-957-*']),
    )
    expect(researchScope('penal')?.norms).not.toContain('CON-1993')
    expect(researchScope('laboral')?.norms).toContain('DS-003-97-TR-1997')
    expect(researchScope('tributario')?.norms).toContain('DS-133-2013-EF-CODIGO-TRIBUTARIO-2013')
  })

  it('sorts rulings by what the case is about, not by the chamber’s name alone', () => {
    const penal = researchScope('penal')!.rulings!
    const labour = researchScope('laboral')!.rulings!
    const constitutional = researchScope('constitucional')!.rulings!
    const tax = researchScope('tributario')!.rulings!

    const robbery = ruling({ chamber: 'Sala Penal Transitoria', claims: ['Robo Agravado Art. 189'] })
    const dismissal = ruling({
      chamber: CONSTITUTIONAL_CHAMBER,
      claims: ['Reposición por despido incausado'],
    })
    const amparo = ruling({
      chamber: CONSTITUTIONAL_CHAMBER,
      appealType: 'Apelación',
      claims: ['Acción de Amparo'],
    })
    const coactive = ruling({ chamber: CONSTITUTIONAL_CHAMBER, keywords: ['deuda tributaria', 'SUNAT'] })
    const taxFraud = ruling({ chamber: 'Sala Penal Transitoria', claims: ['Defraudación Tributaria Art. 1'] })

    expect([robbery, dismissal, amparo, coactive, taxFraud].map(penal)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ])
    expect([robbery, dismissal, amparo, coactive, taxFraud].map(labour)).toEqual([
      false,
      true,
      false,
      false,
      false,
    ])
    expect([robbery, dismissal, amparo, coactive, taxFraud].map(constitutional)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ])
    expect([robbery, dismissal, amparo, coactive, taxFraud].map(tax)).toEqual([
      false,
      false,
      false,
      true,
      false,
    ])
    expect(researchScope('general')!.rulings).toBeNull()
  })

  it('reads a ruling’s stored record defensively', () => {
    expect(rulingFacts({ chamber: 'Sala Penal', claims: ['a', 3], keywords: 'x' })).toEqual({
      chamber: 'Sala Penal',
      appealType: null,
      claims: ['a'],
      keywords: [],
    })
  })
})
