import { describe, expect, it } from 'vitest'
import { citedNamesIn } from './cited-names'

describe('citedNamesIn', () => {
  it('reads the name a numbered citation gives, folded, in any usual form of the number', () => {
    expect(
      citedNamesIn([
        'Conforme a la Ley N° 27972, Ley Orgánica de Municipalidades, las municipalidades…',
        'El Decreto Legislativo Nº 1057, Decreto Legislativo que regula el régimen especial de contratación administrativa de servicios; y',
      ]),
    ).toEqual([
      { cited: 'LEY-27972', name: 'ley organica de municipalidades' },
      {
        cited: 'DLEG-1057',
        name: 'decreto legislativo que regula el regimen especial de contratacion administrativa de servicios',
      },
    ])
  })

  it('ends the name where the citation goes on, and gives each cited name once', () => {
    expect(
      citedNamesIn([
        'según la Ley N.° 26887, Ley General de Sociedades y sus modificatorias.',
        'y la Ley 26887, Ley General de Sociedades, aprobada por el Congreso',
      ]),
    ).toEqual([{ cited: 'LEY-26887', name: 'ley general de sociedades' }])
  })

  it('leaves out the words, letters and dashes a citation runs on with', () => {
    expect(
      citedNamesIn([
        'la Ley N° 27336, Ley de Desarrollo de las Funciones de OSIPTEL o norma que la sustituya;',
        'la Ley N° 30225, Ley de Contrataciones del Estado a; b)',
        'la Ley N° 29944, Ley de Reforma Magisterial -- y',
        'el Decreto Legislativo N° 822, Ley sobre el Derecho de Autor y el literal c)',
      ]),
    ).toEqual([
      { cited: 'LEY-27336', name: 'ley de desarrollo de las funciones de osiptel' },
      { cited: 'LEY-30225', name: 'ley de contrataciones del estado' },
      { cited: 'LEY-29944', name: 'ley de reforma magisterial' },
      { cited: 'DLEG-822', name: 'ley sobre el derecho de autor' },
    ])
  })

  it('reads no name that names the norm by another’s number: any of its amendments could be meant', () => {
    expect(citedNamesIn(['la Ley N° 29622, Ley que modifica la Ley N° 27785, amplía…'])).toEqual([])
  })

  it('reads no name where the words after the number do not start as a name, or name only a kind', () => {
    expect(
      citedNamesIn([
        'la Ley N° 27444, publicada el 11 de abril de 2001',
        'la Ley N° 27444, es causal de nulidad',
        'la Ley N° 29783, Ley general, …',
      ]),
    ).toEqual([])
  })

  it('leaves out kinds whose numbers restart each year: their number alone does not say which norm', () => {
    expect(
      citedNamesIn(['el Decreto de Urgencia N° 044-2019, Decreto de Urgencia que establece medidas']),
    ).toEqual([])
  })
})
