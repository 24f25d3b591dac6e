import { describe, expect, it } from 'vitest'
import { officialTitle, readable } from './official-title'

// Opening lines as the gazette's OCR leaves them: the day's index, the number, the formula, the title in capitals
// over several lines, the first article.
const GAZETTE = [
  'SEPARATA ESPECIAL',
  'LEY QUE DECLARA FERIADO EL DÍA DEL PISCO EN LA REGIÓN ICA',
  'PODER LEGISLATIVO',
  'LEY N° 40001',
  'LA PRESIDENTA DE LA REPÚBLICA POR CUANTO: EL CONGRESO DE LA REPÚBLICA; Ha dado la Ley siguiente:',
  'LEY QUE MODIFICA LA LEY 39999, LEY DE LOS BOMBEROS VOLUNTARIOS,',
  'PARA FORTALECER EL CUERPO GENERAL DE BOMBEROS VOLUNTARIOS DEL PERÚ (CGBVP)',
  'Artículo 1. Objeto de la Ley',
  'La presente ley modifica la Ley 39999 para que el Cuerpo General de Bomberos Voluntarios del Perú cuente con',
  'equipos. El Cuerpo General de Bomberos Voluntarios del Perú informa al Congreso de la República.',
]

describe('the title a norm gives itself', () => {
  it('joins the number to the title the norm writes after it, as norms cite one another', () => {
    expect(officialTitle('Ley N.° 40001', GAZETTE)).toBe(
      'Ley N.° 40001, Ley que modifica la Ley 39999, Ley de los Bomberos Voluntarios, para fortalecer el Cuerpo General de Bomberos Voluntarios del Perú (CGBVP)',
    )
  })

  it('takes its own title when the gazette page holds another norm before it', () => {
    const page = [
      'LEY N° 40000',
      'Ha dado la Ley siguiente:',
      'LEY QUE DECLARA FERIADO EL DÍA DEL PISCO',
      'Artículo único. Feriado',
      ...GAZETTE.slice(3),
    ]
    expect(officialTitle('Ley N.° 40001', page)).toMatch(/^Ley N\.° 40001, Ley que modifica la Ley 39999/)
    expect(officialTitle('Ley N.° 40000', page)).toBe(
      'Ley N.° 40000, Ley que declara feriado el día del pisco',
    )
  })

  it('keeps a front-matter title that already says what the norm is about', () => {
    expect(officialTitle('Ley de los Bomberos Voluntarios', GAZETTE)).toBe('Ley de los Bomberos Voluntarios')
  })

  it('keeps the number alone when the body gives no title of its kind', () => {
    expect(officialTitle('Decreto Legislativo N.° 9001', GAZETTE)).toBe('Decreto Legislativo N.° 9001')
    expect(officialTitle('Ley N.° 40001', ['LEY N° 40001', 'Artículo 1.- Objeto'])).toBe('Ley N.° 40001')
  })

  it('reads a title that names articles, and stops at the first article’s head', () => {
    const lines = [
      'DECRETO LEGISLATIVO N° 9002',
      'Ha dado el Decreto Legislativo siguiente:',
      'DECRETO LEGISLATIVO QUE MODIFICA LOS',
      'ARTÍCULOS 3 Y 4 DEL DECRETO LEGISLATIVO N° 9000',
      'Artículo 1.- Objeto',
    ]
    expect(officialTitle('Decreto Legislativo N.° 9002', lines)).toBe(
      'Decreto Legislativo N.° 9002, Decreto Legislativo que modifica los artículos 3 y 4 del Decreto Legislativo n° 9000',
    )
  })
})

describe('a title in capitals, made readable', () => {
  it('keeps a title already written for reading', () => {
    expect(readable('Ley que regula el teletrabajo')).toBe('Ley que regula el teletrabajo')
  })

  it('mends the broken case of the OCR', () => {
    expect(readable('ley QUe DeClARA De InTeRÉS nACIOnAl lA FeRIA')).toBe(
      'Ley que declara de interés nacional la feria',
    )
  })
})
