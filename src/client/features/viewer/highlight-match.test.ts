import { describe, expect, it } from 'vitest'
import { isAllowedOriginal, matchPassage } from './highlight-match'

describe('isAllowedOriginal', () => {
  it('accepts only our originals', () => {
    expect(isAllowedOriginal('/api/originals/CON-1993.pdf')).toBe(true)
    expect(isAllowedOriginal('/api/originals/CASACION-123-2020-LIMA.pdf')).toBe(true)
    expect(isAllowedOriginal('https://evil.example/x.pdf')).toBe(false)
    expect(isAllowedOriginal('//evil.example/api/originals/x.pdf')).toBe(false)
    expect(isAllowedOriginal('/api/originals/../auth/x.pdf')).toBe(false)
    expect(isAllowedOriginal('/api/me')).toBe(false)
    expect(isAllowedOriginal(null)).toBe(false)
  })
})

describe('matchPassage', () => {
  const page = [
    'Artículo 111.- El Presidente de la República se elige por sufragio directo.',
    'Artículo 112.- El mandato presidencial es de cinco',
    'años, no hay reelección inmediata. Transcurrido otro',
    'período constitucional, como mínimo,',
    'Artículo 113.- La Presidencia de la República vaca por:',
  ]

  it('finds the passage across lines, without accents or case', () => {
    expect(
      matchPassage(
        page,
        'Artículo 112.- El mandato presidencial es de cinco años, no hay reeleccion inmediata',
      ),
    ).toEqual([1, 2])
    expect(
      matchPassage(
        page,
        'EL MANDATO PRESIDENCIAL es de cinco años, no hay reelección inmediata. Transcurrido otro período',
      ),
    ).toEqual([1, 2, 3])
  })

  it('finds nothing for a passage not on the page or too short', () => {
    expect(matchPassage(page, 'la prescripción adquisitiva de dominio')).toEqual([])
    expect(matchPassage(page, 'mandato')).toEqual([])
  })
})
