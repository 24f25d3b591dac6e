import { describe, expect, it } from 'vitest'
import { findDocumentMention } from './document-aliases'
import { withoutDiminutive } from './morphology'
import { fold, words } from './normalize'
import { analyzeQuery } from './query'
import { findArticleReference } from './reference'
import { expandQuery } from './thesaurus'

const ref = (q: string) => findArticleReference(fold(q))

describe('direct article references', () => {
  it.each([
    ['artículo 24 de la constitución', '24', 'CON-1993'],
    ['Art. 106 CP', '106', 'DLEG-PENAL-1991'],
    ['el 1970 del código civil', '1970', 'DLEG-295-1984'],
    ['articulo 138 constitucion', '138', 'CON-1993'],
    ['art 33 LPAG', '33', 'DS-004-2019-JUS-TUO-27444-2019'],
    ['artículo 2-A del código del consumidor', '2-A', 'LEY-29571-2010'],
    ['art. 5 bis de la ley 29733', '5-bis', 'LEY-29733-2011'],
    ['articulo IV del titulo preliminar del codigo civil', 'IV', 'DLEG-295-1984'],
    ['artículo 20 del código procesal civil', '20', 'DLEG-768-1993'],
    ['art 268 NCPP', '268', 'DLEG-PROCESAL-PENAL-2004'],
  ])('%s → artículo %s of %s', (q, number, identifier) => {
    const r = ref(q)
    expect(r?.number).toBe(number)
    expect(r?.document?.identifiers).toContain(identifier)
  })

  it('finds a bare article number without a norm, and nothing in a plain question', () => {
    expect(ref('que dice el articulo 27')).toEqual({ number: '27', document: null })
    expect(ref('me botaron del trabajo sin motivo')).toBeNull()
    expect(ref('tengo 2 hijos y mi ex no paga')).toBeNull()
  })

  it('resolves numbered norms generically', () => {
    expect(findDocumentMention(fold('la Ley N° 30364 sobre violencia'))?.identifiers).toEqual(['LEY-30364-*'])
    expect(findDocumentMention(fold('decreto legislativo 1057'))?.identifiers).toEqual(['DLEG-1057-*'])
    // With its year, the identifier ends there: 'DU-014-2019', not 'DU-014-2019-…' only.
    expect(findDocumentMention(fold('du 014-2019'))?.identifiers).toEqual(['DU-014-2019*'])
    expect(findDocumentMention(fold('decreto de urgencia 014-19'))?.identifiers).toEqual(['DU-014-2019*'])
    expect(findDocumentMention(fold('Decreto Legislativo 728'))?.identifiers).toEqual(['DS-003-97-TR-1997'])
  })
})

describe('thesaurus', () => {
  it('adds the law’s words for everyday ones, never repeating the user’s', () => {
    const expansion = expandQuery(words(fold('Me botaron del trabajo sin motivo')))
    expect(expansion).toEqual(expect.arrayContaining(['despido', 'arbitrario', 'indemnizacion', 'empleador']))
    expect(expansion).not.toContain('trabajo')
    expect(expandQuery(words(fold('mi casero me quiere sacar')))).toEqual(
      expect.arrayContaining(['arrendamiento', 'arrendador']),
    )
    expect(expandQuery(words(fold('artículo 24 de la constitución')))).toEqual([])
  })

  it('reads a word in the sense of its phrase, not every sense it has', () => {
    const robbed = expandQuery(words(fold('me robaron el celular')))
    expect(robbed).toEqual(expect.arrayContaining(['robo', 'hurto']))
    expect(robbed).not.toContain('comunicaciones')
    expect(expandQuery(words(fold('me revisaron mi celular sin permiso')))).toContain('comunicaciones')
    expect(expandQuery(words(fold('mataron a mi hermano')))).toContain('homicidio')
    expect(expandQuery(words(fold('mi vecino se metió a mi terreno')))).toContain('usurpacion')
    expect(expandQuery(words(fold('quiero que reconozca a mi hijo')))).toContain('filiacion')
    expect(expandQuery(words(fold('quiero cambiar mi apellido')))).not.toContain('devolucion')
  })
})

describe('register', () => {
  it('reads everyday words in the register the law writes in', () => {
    const law = (q: string) => expandQuery(words(fold(q)))
    expect(law('me bajaron el sueldo sin explicacion')).toEqual(
      expect.arrayContaining(['reduccion', 'remuneracion']),
    )
    expect(law('soy colombiano, puedo comprar un terreno')).toContain('extranjero')
    expect(law('los hijos de otra mujer tienen los mismos derechos')).toContain('iguales')
    expect(law('me obligan a trabajar sin pagarme')).toEqual(
      expect.arrayContaining(['retribucion', 'coaccion']),
    )
    expect(law('la municipalidad puede inventar un impuesto')).toEqual(
      expect.arrayContaining(['crear', 'tributo']),
    )
  })

  it('leaves a key word alone inside a longer unrelated word', () => {
    // Narrowed keys: 'condicional' is not 'condiciones', 'conducir' not 'conducta', 'cuantia' not 'cuanto'.
    expect(expandQuery(words(fold('cuales son las condiciones del contrato')))).not.toContain('suspension')
    expect(expandQuery(words(fold('cuanto cuesta el tramite')))).not.toContain('cuantia')
    expect(expandQuery(words(fold('despido por mala conducta')))).not.toContain('vehiculo')
  })
})

describe('ideas of a question', () => {
  it('marks the law’s words a phrase brought apart from the synonyms of one word', () => {
    const herencia = analyzeQuery('¿Le puedo dejar toda mi herencia a solo uno de mis hijos?').units.find(
      (u) => u.user.includes('herencia'),
    )
    expect(herencia?.phrase).toEqual(expect.arrayContaining(['legitima', 'forzosos']))
    expect(herencia?.phrase).not.toContain('causante')
    expect(herencia?.added).toEqual(expect.arrayContaining(['causante', 'legitima']))
  })
})

describe('diminutives', () => {
  it('finds the word a diminutive is made from', () => {
    expect(withoutDiminutive('casita')).toBe('casa')
    expect(withoutDiminutive('hijitos')).toBe('hijos')
    expect(withoutDiminutive('chiquito')).toBe('chico')
    expect(withoutDiminutive('cerquita')).toBe('cerca')
    expect(withoutDiminutive('jovencito')).toBe('joven')
    expect(withoutDiminutive('plata')).toBeNull()
  })
})
