import { describe, expect, it } from 'vitest'
import { loadPackManifest } from '../pack/manifest'
import { classifyNorm, classifyRuling } from './classify'

/** Peru's hierarchy of norms, as its pack gives it. */
const { rankClasses } = loadPackManifest()

describe('classify', () => {
  it('gives spec aliases and priors by rank and title', () => {
    expect(
      classifyNorm({ rank: 'constitucion', title: 'Constitución Política del Perú' }, rankClasses),
    ).toEqual({
      tipoAlias: 'Constitución',
      jerarquiaAlias: 'Norma constitucional',
      priority: 100,
    })
    expect(classifyNorm({ rank: 'decreto_legislativo', title: 'Código Civil' }, rankClasses)).toMatchObject({
      tipoAlias: 'Código',
      jerarquiaAlias: 'Norma con rango de ley',
      priority: 80,
    })
    expect(
      classifyNorm(
        {
          rank: 'decreto_supremo',
          title: 'TUO de la Ley del Procedimiento Administrativo General',
        },
        rankClasses,
      ),
    ).toEqual({
      tipoAlias: 'Texto Único Ordenado',
      jerarquiaAlias: 'Norma con rango de ley',
      priority: 70,
    })
    expect(
      classifyNorm({ rank: 'ley', title: 'Ley de Protección de Datos Personales' }, rankClasses).tipoAlias,
    ).toBe('Ley')
    expect(classifyNorm({ rank: 'algo_nuevo', title: 'X' }, rankClasses)).toEqual({
      tipoAlias: 'Algo nuevo',
      jerarquiaAlias: 'Norma con rango de ley',
      priority: 10,
    })
    expect(classifyRuling('apelación')).toEqual({
      tipoAlias: 'Apelación',
      jerarquiaAlias: 'Corte Suprema',
      priority: 40,
    })
  })
})
