import { describe, expect, it } from 'vitest'
import { answerTypeOf, askingUnits, countAsked, focusAsked, statesAnswer, statesCount } from './answer-type'
import { fold } from './normalize'
import { analyzeQuery } from './query'

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

describe('the words that only ask for the kind of answer', () => {
  const asking = (q: string) => {
    const query = analyzeQuery(q)
    return [...askingUnits(query.folded, query.units)].map((k) => query.units[k]!.user.join(' '))
  }

  it('are the age or term asked for, never the subject', () => {
    expect(asking('a qué edad puede un guardaparques pedir su retiro')).toEqual(['edad'])
    expect(asking('qué plazo tengo para impugnar una multa municipal')).toEqual(['plazo'])
    // 'prescribe' asks for a term and is what the norm is about: it stays an idea of the norm stage.
    expect(asking('cuando prescribe una deuda con el banco')).toEqual([])
    expect(asking('me quitaron la licencia de conducir')).toEqual([])
  })
})

describe('a question that asks how many', () => {
  it('names what it counts, not a term or an amount', () => {
    expect(countAsked(fold('cuántos vocales integran la junta de propietarios'))).toBe('vocales')
    expect(countAsked(fold('cuántos días demora el duplicado del carné'))).toBeNull()
    expect(countAsked(fold('cuánto cuesta una copia literal'))).toBeNull()
  })

  it('is answered by the passage that states a number of it', () => {
    expect(statesCount('vocales')('el consejo estará integrado por cinco (5) vocales elegidos')).toBe(true)
    expect(statesCount('personas')('integrada por tres o más personas')).toBe(true)
    expect(statesCount('vocales')('los vocales eligen a su presidente')).toBe(false)
    // 'un trabajador' is not a number of workers: one of them is named, not counted.
    expect(statesCount('trabajadores')('no puede condicionarse el empleo de un trabajador')).toBe(false)
  })
})

describe('a question that asks which ones', () => {
  it('names what it asks for, at the question’s start or after a pause', () => {
    expect(focusAsked(fold('¿Qué documentos pide la notaría para una escritura de donación?'))).toBe(
      'documentos',
    )
    expect(focusAsked(fold('cuáles son los requisitos para inscribir una asociación civil'))).toBe(
      'requisitos',
    )
    expect(
      focusAsked(
        fold('Tengo un local alquilado. ¿Qué obligaciones tiene el inquilino con las reparaciones?'),
      ),
    ).toBe('obligaciones')
  })

  it('leaves out a conjunction inside the sentence and a kind of answer asked for', () => {
    // 'que' after 'dijeron' joins two clauses: nothing is asked for.
    expect(focusAsked(fold('me dijeron que debía firmar otra vez el contrato'))).toBeNull()
    // A term is the answer type's (answerTypeOf), not a heading's.
    expect(focusAsked(fold('qué plazo tengo para observar la liquidación'))).toBeNull()
  })
})
