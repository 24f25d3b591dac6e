import { describe, expect, it } from 'vitest'
import type { ForeignCountry } from '../corpus/pack/pack-data'
import { foreignMention, foreignNames, namesCountry } from './foreign'

/** A pack of two other countries, and the home country itself (which never counts as foreign). */
const countries: ForeignCountry[] = [
  {
    iso: 'PY',
    demonyms: ['paraguayo', 'paraguaya', 'paraguayos', 'paraguayas'],
    places: ['Asunción', 'Ciudad del Este'],
    legalBodies: ['Dirección Nacional de Ingresos Tributarios'],
    excluded: [],
  },
  {
    iso: 'CN',
    demonyms: [],
    places: ['Pekín'],
    legalBodies: [],
    excluded: ['China: also an everyday word at home'],
  },
  { iso: 'PE', demonyms: ['peruano'], places: ['Cusco'], legalBodies: [], excluded: [] },
]
const names = foreignNames(countries, 'PE')
const mention = (message: string) => foreignMention(message, 'PE', names)?.iso ?? null

describe('questions about another country’s law', () => {
  it('takes the country names from ICU and the rest from the pack, never the home country', () => {
    expect(names.some((n) => n.iso === 'PY' && n.words.join(' ') === 'paraguay')).toBe(true)
    expect(names.some((n) => n.iso === 'PE')).toBe(false)
    // The writer left 'China' out as ambiguous: ICU's name for it is left out too, its capital stays.
    expect(names.some((n) => n.words.join(' ') === 'china')).toBe(false)
    expect(mention('¿cuánto cuesta la licencia de conducir en Pekín?')).toBe('CN')
  })

  it('finds a country, place or legal body where the law or the facts are', () => {
    expect(mention('¿Cuántas horas extra se pagan en Paraguay?')).toBe('PY')
    expect(mention('¿qué dice el código laboral de Paraguay sobre el preaviso?')).toBe('PY')
    expect(mention('tengo una tienda en Ciudad del Este, ¿cómo declaro mis ventas?')).toBe('PY')
    expect(mention('la Dirección Nacional de Ingresos Tributarios me cobra una multa')).toBe('PY')
    expect(mention('¿cuánto dura la licencia por paternidad según la ley paraguaya?')).toBe('PY')
  })

  it('leaves a foreigner asking about the home country’s law alone', () => {
    expect(mention('soy paraguayo, ¿necesito visa para trabajar?')).toBeNull()
    expect(mention('quiero casarme con una paraguaya, ¿qué papeles piden?')).toBeNull()
    expect(mention('mi esposa paraguaya quiere heredar la casa de su padre')).toBeNull()
    expect(mention('soy de Paraguay, ¿puedo abrir una cuenta de ahorros?')).toBeNull()
    expect(mention('me voy a Paraguay con mi hijo menor, ¿qué permiso necesito?')).toBeNull()
  })

  it('leaves a message that names the home country, or speaks of here, alone', () => {
    expect(mention('me casé en Paraguay, ¿vale mi matrimonio en el Perú?')).toBeNull()
    expect(mention('me divorcié en Asunción, ¿tiene efecto aquí?')).toBeNull()
    expect(mention('¿cuál es la pena por robo?')).toBeNull()
  })

  it('tells a country named where the facts are or by its own law from one named only as a country', () => {
    const firm = (message: string) => foreignMention(message, 'PE', names)?.firm
    expect(firm('¿Cuántas horas extra se pagan en Paraguay?')).toBe(true)
    expect(firm('¿cuánto dura la licencia por paternidad según la ley paraguaya?')).toBe(true)
    expect(firm('¿Paraguay puede pedir que me entreguen por un delito?')).toBe(false)
    expect(firm('¿qué dice el código laboral de Paraguay sobre el preaviso?')).toBe(false)
  })

  it('sees when an article names the country itself (a treaty speaks of it)', () => {
    expect(namesCountry('Convenio entre el Perú y la República del Paraguay', 'PY', names)).toBe(true)
    expect(namesCountry('El empleador paga la remuneración mínima vital', 'PY', names)).toBe(false)
  })
})
