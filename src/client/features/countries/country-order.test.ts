import { describe, expect, it } from 'vitest'
import { chooseCountry, detectedCountry } from './country-order'

const c = (iso2: string) => ({ iso2, name: iso2, flag: '🏳️', active: true })

describe('country selection order', () => {
  it('prefers the stored, then the detected, then PE, then the first active', () => {
    const all = [c('CL'), c('PE'), c('CO')]
    expect(chooseCountry(all, 'CO', 'CL')).toBe('CO')
    expect(chooseCountry(all, 'AR', 'CL')).toBe('CL')
    expect(chooseCountry(all, null, 'MX')).toBe('PE')
    expect(chooseCountry([c('CL'), c('CO')], null, null)).toBe('CL')
    expect(chooseCountry([], 'PE', 'PE')).toBeNull()
  })

  it('reads the region of the browser language', () => {
    expect(detectedCountry(['es-PE', 'es'])).toBe('PE')
    expect(detectedCountry(['es', 'en_us'])).toBe('US')
    expect(detectedCountry(['es'])).toBeNull()
  })
})
