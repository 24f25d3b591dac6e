import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countryPack } from '../corpus/pack/manifest'
import { projectRoot } from '../lib/project-root'
import { type RulingFacts, researchScope, researchScopeNames, researchScopes, rulingFacts } from './scopes'

/** Made-up ruling records (not corpus text): only the fields a scope reads. */
const ruling = (overrides: Partial<RulingFacts>): RulingFacts => ({
  chamber: null,
  appealType: 'Casación',
  claims: [],
  keywords: [],
  ...overrides,
})

const CONSTITUTIONAL_CHAMBER = 'Segunda Sala de Derecho Constitucional y Social Transitoria'

describe("Peru's research scopes, read from its pack by the country's code", () => {
  const pe = countryPack('pe').dir
  const scope = (name: string) => researchScope(name, pe)

  it('has the builtin agents’ scopes in the file’s order, and nothing else', () => {
    expect(researchScopeNames(pe)).toEqual(['general', 'constitucional', 'laboral', 'penal', 'tributario'])
    // A Map, not an object: the prototype chain's names are no scope.
    for (const unknown of ['constructor', 'toString', '__proto__', 'civil', 'Penal'])
      expect(scope(unknown)).toBeUndefined()
    expect(scope('general')).toMatchObject({ name: 'general', norms: null, rulings: null })
    expect(scope('constitucional')?.norms).toEqual(expect.arrayContaining(['CON-1993', 'LEY-31307-2021']))
    expect(scope('penal')?.norms).toEqual(
      expect.arrayContaining(['DLEG-PENAL-1991', 'DLEG-PROCESAL-PENAL-*', 'DLEG-957-*']),
    )
    expect(scope('penal')?.norms).not.toContain('CON-1993')
    expect(scope('laboral')?.norms).toContain('DS-003-97-TR-1997')
    expect(scope('tributario')?.norms).toContain('DS-133-2013-EF-CODIGO-TRIBUTARIO-2013')
    expect(scope('laboral')?.searched).toBe('las normas laborales y la jurisprudencia laboral')
  })

  it('is the process’s default pack, compiled once', () => {
    expect(researchScope('penal')).toBe(scope('penal'))
    expect(researchScopes()).toBe(researchScopes(path.join(projectRoot(), 'packs', 'pe')))
  })

  it('sorts rulings by what the case is about, not by the chamber’s name alone', () => {
    const rules = ['penal', 'laboral', 'constitucional', 'tributario'].map((name) => scope(name)!.rulings!)
    const areas = (r: RulingFacts) =>
      ['penal', 'laboral', 'constitucional', 'tributario'].filter((_, i) => rules[i]!(r))

    const robbery = ruling({ chamber: 'Sala Penal Transitoria', claims: ['Robo Agravado Art. 189'] })
    expect(areas(robbery)).toEqual(['penal'])
    // The constitutional and social chamber decides labour, constitutional and tax cases: the claims tell them.
    const dismissal = ruling({
      chamber: CONSTITUTIONAL_CHAMBER,
      claims: ['Reposición por despido incausado'],
    })
    expect(areas(dismissal)).toEqual(['laboral'])
    const bonus = ruling({ chamber: CONSTITUTIONAL_CHAMBER, keywords: ['pago de CTS'] })
    expect(areas(bonus)).toEqual(['laboral'])
    const amparo = ruling({
      chamber: CONSTITUTIONAL_CHAMBER,
      appealType: 'Apelación',
      claims: ['Acción de Amparo'],
    })
    expect(areas(amparo)).toEqual(['constitucional'])
    const habeas = ruling({ chamber: 'Sala Civil Permanente', appealType: 'Hábeas Corpus' })
    expect(areas(habeas)).toEqual(['constitucional'])
    const coactive = ruling({ chamber: CONSTITUTIONAL_CHAMBER, keywords: ['deuda tributaria', 'SUNAT'] })
    expect(areas(coactive)).toEqual(['tributario'])
    const fiscal = ruling({ chamber: null, claims: ['Nulidad de resolución del Tribunal Fiscal'] })
    expect(areas(fiscal)).toEqual(['tributario'])
    // A criminal chamber's case is criminal whatever labour or tax word its claims hold.
    const taxFraud = ruling({ chamber: 'Sala Penal Transitoria', claims: ['Defraudación Tributaria Art. 1'] })
    expect(areas(taxFraud)).toEqual(['penal'])
    const workCrime = ruling({
      chamber: 'Sala Penal Permanente',
      claims: ['Atentado contra la libertad de trabajo'],
    })
    expect(areas(workCrime)).toEqual(['penal'])
    // Whole words where the pattern says so: 'amparo' is not 'desamparo', 'cts' is not 'actos'.
    expect(
      areas(ruling({ chamber: 'Sala Civil Permanente', claims: ['Desamparo familiar', 'Nulidad de actos'] })),
    ).toEqual([])
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

describe('another country’s scopes are its own pack’s, read by the same code', () => {
  const xx = countryPack('xx', path.join(projectRoot(), 'tests', 'fixtures', 'packs')).dir

  it('takes the scopes and the rulings its scopes.json names, and none of Peru’s', () => {
    expect(researchScopeNames(xx)).toEqual(['general', 'huertos'])
    expect(researchScope('penal', xx)).toBeUndefined()
    const gardens = researchScope('huertos', xx)!
    expect(gardens.norms).toEqual(['XX-LEY-7-2020'])
    // Both conditions: the agrarian court, on a garden.
    expect(
      gardens.rulings!(ruling({ chamber: 'Tribunal Agrario de Xlandia', claims: ['Turno de riego'] })),
    ).toBe(true)
    expect(
      gardens.rulings!(ruling({ chamber: 'Tribunal Agrario de Xlandia', claims: ['Compraventa'] })),
    ).toBe(false)
    expect(gardens.rulings!(ruling({ chamber: 'Sala Civil', claims: ['Turno de riego'] }))).toBe(false)
  })
})

describe('a scopes.json that does not fit is refused, naming the file', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lexia-scopes-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  let n = 0
  const packWith = (scopes: unknown) => {
    const dir = path.join(root, `p${n++}`)
    mkdirSync(dir)
    writeFileSync(path.join(dir, 'scopes.json'), JSON.stringify(scopes))
    return dir
  }
  const general = { searched: 'todo', norms: null, rulings: null }
  const refused = (scopes: unknown, why: RegExp) => {
    const dir = packWith(scopes)
    expect(() => researchScopes(dir)).toThrow(/Paquete de conocimiento inválido: .*scopes\.json/)
    expect(() => researchScopes(dir)).toThrow(why)
  }

  it('accepts a valid one', () => {
    expect(researchScopeNames(packWith({ general }))).toEqual(['general'])
  })

  it('refuses bad names, patterns and rules', () => {
    // zod's issue codes, not its messages: those are Spanish once src/shared/zod-spanish.ts ran in the worker.
    refused({}, /ningún ámbito/)
    refused({ 'Con Espacio': general }, /"invalid_key"/)
    refused(
      { x: { ...general, rulings: { topics: { source: '(sin cerrar', flags: 'i' } } } },
      /expresión regular/,
    )
    // 'g' would make test() remember where it stopped.
    refused({ x: { ...general, rulings: { topics: { source: 'a', flags: 'g' } } } }, /"flags"/)
    refused({ x: { ...general, rulings: { why: 'nada' } } }, /sin condiciones/)
    refused({ x: { ...general, norms: [] } }, /"too_small"/)
    refused({ x: { ...general, norms: ['CON 1993'] } }, /"invalid_format"/)
    refused({ x: { ...general, extra: 1 } }, /"unrecognized_keys"/)
  })
})
