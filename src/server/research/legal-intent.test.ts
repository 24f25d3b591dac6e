import { describe, expect, it } from 'vitest'
import { packExamples, trainLegalIntent } from './legal-intent'

// Invented examples: the test says how the classifier reads them, whatever the country pack holds.
const legal = [
  '¿cuántos días de vacaciones me corresponden al año?',
  'me despidieron sin aviso, me tienen que pagar una indemnización',
  'mi arrendador no me devuelve la garantía del alquiler',
  'cuántos años de cárcel por arrebatar un celular',
  'quiero divorciarme, qué trámite hago en la municipalidad',
  'la empresa no me paga la gratificación de julio',
  'cuánto tiempo tengo para apelar una sentencia',
  '¿pueden embargar mi sueldo por una deuda?',
]
const other = [
  '¿cómo preparo un arroz con pollo?',
  'recomiéndame una serie para el fin de semana',
  'mi celular no carga, qué app uso para limpiar la memoria',
  'quién ganó el partido de ayer',
  'cuántos litros de agua tomo después de correr',
  'cuéntame algo gracioso',
  'dame una receta de postre con manzana',
  'qué película de terror me recomiendas',
]

describe('legal intent', () => {
  const intent = trainLegalIntent({ legal, other })

  it('reads a legal question as legal and a chat line as not, by its words together', () => {
    expect(intent.odds('me despidieron, me tienen que pagar vacaciones?')).toBeGreaterThan(0)
    expect(intent.odds('¿una receta de pollo para el almuerzo?')).toBeLessThan(0)
    // 'celular' stands in both kinds: what stands beside it decides.
    expect(intent.odds('le arrebataron el celular a mi hijo, cuántos años de cárcel le dan')).toBeGreaterThan(
      0,
    )
    expect(intent.odds('mi celular no carga la app')).toBeLessThan(0)
  })

  it('says nothing of words it never saw, and does not lean to the kind it has more examples of', () => {
    expect(intent.odds('zxq wvut')).toBe(0)
    // Twenty times the legal examples (the pack has far more legal questions than chat lines) moves no chat line
    // towards legal: the share of examples each kind has is no evidence about a message.
    const more = trainLegalIntent({ legal: Array(20).fill(legal).flat(), other })
    for (const line of ['mi celular no carga', 'cuéntame algo gracioso del partido'])
      expect(more.odds(line)).toBeLessThanOrEqual(intent.odds(line))
    expect(more.odds('me despidieron, me pagan la gratificación?')).toBeGreaterThan(0)
  })

  it('learns from the country pack: people’s legal questions, everyday messages and conversation', () => {
    const pack = packExamples()
    expect(pack.legal.length).toBeGreaterThan(10_000)
    expect(pack.other.length).toBeGreaterThan(1_000)
  })
})
