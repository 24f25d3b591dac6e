import { describe, expect, it } from 'vitest'
import { answerTypeOf, statesAnswer } from './answer-type'
import { fold } from './normalize'

const asks = (q: string) => answerTypeOf(fold(q))

describe('the kind of answer a question asks for', () => {
  it('reads a deadline, an amount or an age from people’s words', () => {
    expect(asks('¿Hasta cuándo puedo reclamar por un defecto oculto?')).toBe('plazo')
    expect(asks('cuantos dias tengo para apelar')).toBe('plazo')
    expect(asks('¿Cuánto me tienen que pagar si me despiden?')).toBe('monto')
    expect(asks('¿A qué edad se puede casar una persona?')).toBe('edad')
    expect(asks('¿Me pueden despedir por estar embarazada?')).toBeNull()
    // 'cuánto' alone says nothing of the kind: 'cuánto cuesta' is an amount, 'cuántos hijos' is not.
    expect(asks('cuantos hijos puedo reconocer')).toBeNull()
  })

  it('finds the article that states it, not its neighbours on the same subject', () => {
    // Código Civil arts. 1514 and 1515, side by side on hidden defects.
    expect(
      statesAnswer(
        'plazo',
        'Caducidad de las acciones redhibitoria y estimatoria. Las acciones a que se refieren los artículos 1511 y 1513 caducan a los tres meses si se trata de bienes muebles y a los seis, de inmuebles.',
      ),
    ).toBe(true)
    expect(
      statesAnswer(
        'plazo',
        'Vicios de poca importancia. Cuando se trata de vicios de poca importancia, el transferente puede ofrecer subsanarlos, si esto es posible.',
      ),
    ).toBe(false)
    expect(statesAnswer('plazo', 'dentro de los quince (15) días hábiles siguientes')).toBe(true)
    expect(
      statesAnswer('monto', 'una indemnización equivalente a una remuneración y media ordinaria mensual'),
    ).toBe(true)
    expect(statesAnswer('monto', 'el trabajador tiene derecho a una indemnización')).toBe(false)
    expect(statesAnswer('monto', 'una multa de hasta 50 UIT')).toBe(true)
    expect(statesAnswer('edad', 'los mayores de dieciocho años de edad')).toBe(true)
    expect(statesAnswer('edad', 'el menor de edad')).toBe(true)
  })
})
