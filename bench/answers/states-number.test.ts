import { describe, expect, it } from 'vitest'
import { asksStatedNumber, firstParagraph, quantities, statesNumber } from './states-number'

const REST =
  'El trabajador tiene derecho a treinta días calendario de descanso vacacional por cada año completo de servicios.'
const FINE =
  'La multa no podrá exceder del 50% de la UIT. El plazo para pagarla es de quince (15) días hábiles.'

describe('the number-in-the-lead scorer', () => {
  it('reads quantities, a number with its unit, in words or digits, and nothing else', () => {
    expect(quantities(REST)).toEqual([{ value: 30, unit: 'dia' }])
    expect(quantities(FINE)).toEqual([
      { value: 50, unit: '%' },
      { value: 15, unit: 'dia' },
    ])
    expect(quantities('no menor de doce ni mayor de veinte años')).toEqual([
      { value: 12, unit: 'ano' },
      { value: 20, unit: 'ano' },
    ])
    expect(quantities('doscientos sesenta días; sesenta por ciento; 1.500 soles')).toEqual([
      { value: 260, unit: 'dia' },
      { value: 60, unit: '%' },
      { value: 1500, unit: 'sol' },
    ])
    // An article's, a law's or a citation's number is not a quantity.
    expect(
      quantities('Según el artículo 10 del Decreto Legislativo 713 [1], conforme a la Ley 27444.'),
    ).toEqual([])
  })

  it('scores the first paragraph only, on a number of the kind asked that an expected article states', () => {
    const question = '¿cuántos días de descanso al año me tocan?'
    expect(asksStatedNumber(question, [REST])).toBe(true)
    expect(
      statesNumber('Según el artículo 10, tienes 30 días calendario [1].\n\nMás texto.', [REST], question),
    ).toBe(true)
    expect(statesNumber('Según el artículo 10, tienes treinta días [1].', [REST], question)).toBe(true)
    // The number further down, another number, or no number: no.
    expect(statesNumber('El artículo 10 trata del descanso [1].\n\n> treinta días', [REST], question)).toBe(
      false,
    )
    expect(statesNumber('Tienes quince días [1].', [REST], question)).toBe(false)
    expect(statesNumber('Según el artículo 30 [1].', [REST], question)).toBe(false)
    // A heading line is not the first paragraph.
    expect(firstParagraph('### Respuesta\n\nTienes treinta días.')).toBe('Tienes treinta días.')
  })

  it('leaves out questions that ask for no number, or whose articles state none of that kind', () => {
    expect(asksStatedNumber('¿puedo tomar vacaciones partidas?', [REST])).toBe(false)
    expect(asksStatedNumber('¿a qué edad me puedo jubilar?', [REST])).toBe(false)
    expect(statesNumber('Tienes treinta días [1].', [REST], '¿puedo tomar vacaciones partidas?')).toBe(false)
  })
})
