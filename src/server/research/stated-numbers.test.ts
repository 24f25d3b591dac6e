import { describe, expect, it } from 'vitest'
import { numbersNotIn, statedNumbers } from './stated-numbers'

const values = (text: string) => [...statedNumbers(text)]

describe('stated numbers', () => {
  it('reads digits with thousands and decimals as Peruvian and English texts write them', () => {
    expect(values('S/ 1.500,00 o 1,500.00; 2.5 %; 0,5 UIT; 30 días; año 2026')).toEqual([
      1500, 2.5, 0.5, 30, 2026,
    ])
  })

  it('reads Spanish number words, whole numbers of several words included', () => {
    expect(values('treinta días')).toEqual([30])
    expect(values('ciento ochenta días, treinta y un días, dos mil quince')).toEqual([180, 31, 2015])
    expect(values('veintiún años, dieciséis años, quinientos soles, mil soles, un millón')).toEqual([
      21, 16, 500, 1000, 1_000_000,
    ])
    expect(values('cinco o seis')).toEqual([5, 6])
  })

  it('does not read an article or a list marker as a number', () => {
    expect(values('Una persona tiene un plazo')).toEqual([])
    expect(values('1. Primero\n2) Segundo')).toEqual([])
  })

  it('finds the numbers an answer states that its sources do not, whatever the spelling', () => {
    const sources = 'Artículo 112. El mandato presidencial es de cinco años. Vacaciones: treinta (30) días.'
    expect(
      numbersNotIn('El mandato dura 5 años (artículo 112) y las vacaciones son 30 días.', sources),
    ).toEqual([])
    expect(numbersNotIn('El mandato dura seis años y vence en 2031.', sources)).toEqual([2031, 6])
    // 'un año' in the law is the '1 año' of an answer.
    expect(numbersNotIn('El plazo es de 1 año.', 'El plazo es de un año.')).toEqual([])
  })
})
