import { describe, expect, it } from 'vitest'
import { progressLine } from '../ingest/progress'
import { classifyNorm, classifyRuling } from './classify'

describe('classify', () => {
  it('gives spec aliases and priors by rank and title', () => {
    expect(classifyNorm({ rank: 'constitucion', title: 'Constitución Política del Perú' })).toEqual({
      tipoAlias: 'Constitución',
      jerarquiaAlias: 'Norma constitucional',
      priority: 100,
    })
    expect(classifyNorm({ rank: 'decreto_legislativo', title: 'Código Civil' })).toMatchObject({
      tipoAlias: 'Código',
      jerarquiaAlias: 'Norma con rango de ley',
      priority: 80,
    })
    expect(
      classifyNorm({
        rank: 'decreto_supremo',
        title: 'TUO de la Ley del Procedimiento Administrativo General',
      }),
    ).toEqual({
      tipoAlias: 'Texto Único Ordenado',
      jerarquiaAlias: 'Norma con rango de ley',
      priority: 70,
    })
    expect(classifyNorm({ rank: 'ley', title: 'Ley de Protección de Datos Personales' }).tipoAlias).toBe(
      'Ley',
    )
    expect(classifyNorm({ rank: 'algo_nuevo', title: 'X' })).toEqual({
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

  it('draws the progress line with files, passages, elapsed and ETA', () => {
    expect(progressLine({ filesDone: 5, filesTotal: 10, passages: 1234, elapsedMs: 10_000 }, 10)).toBe(
      '[#####-----] 5/10 archivos · 1,234 pasajes · 00:10 · ETA 00:10',
    )
    expect(progressLine({ filesDone: 0, filesTotal: 10, passages: 0, elapsedMs: 0 }, 4)).toContain(
      'ETA --:--',
    )
  })
})
