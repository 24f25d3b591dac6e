import { describe, expect, it } from 'vitest'
import { normStatus, sourceStatus } from './norm-status'

describe('normStatus', () => {
  it('says every status the corpus writes in Spanish, with a tone that matches its force', () => {
    expect(normStatus('in_force')).toEqual({ label: 'Vigente', tone: 'calm' })
    expect(normStatus('amended')).toEqual({ label: 'Modificada', tone: 'notice' })
    expect(normStatus('partially_repealed')).toEqual({ label: 'Derogada parcialmente', tone: 'notice' })
    expect(normStatus('repealed')).toEqual({ label: 'Derogada', tone: 'warning' })
    expect(normStatus('suspended')).toEqual({ label: 'Suspendida', tone: 'warning' })
    expect(normStatus('annulled')).toEqual({ label: 'Anulada', tone: 'warning' })
    expect(normStatus('expired')).toEqual({ label: 'Sin vigencia', tone: 'warning' })
    expect(normStatus('unconstitutional')).toEqual({ label: 'Declarada inconstitucional', tone: 'warning' })
  })

  it('reads the value however it is cased or spaced, and Spanish spellings too', () => {
    expect(normStatus(' IN_FORCE ')).toEqual({ label: 'Vigente', tone: 'calm' })
    expect(normStatus('partially-repealed').label).toBe('Derogada parcialmente')
    expect(normStatus('Vigente')).toEqual({ label: 'Vigente', tone: 'calm' })
    expect(normStatus('Derogado')).toEqual({ label: 'Derogada', tone: 'warning' })
    expect(normStatus('Modificada').tone).toBe('notice')
  })

  it('shows an unknown status as written, never the raw key, and claims no meaning for it', () => {
    expect(normStatus('en_revision')).toEqual({ label: 'En revision', tone: 'neutral' })
    expect(normStatus('under-review')).toEqual({ label: 'Under review', tone: 'neutral' })
  })
})

describe('sourceStatus', () => {
  it("gives a norm its force and a ruling its outcome, neutral: 'Infundada' says nothing about a law's force", () => {
    expect(sourceStatus('norma', 'in_force')).toEqual({ label: 'Vigente', tone: 'calm' })
    expect(sourceStatus('sentencia', ' Infundada ')).toEqual({
      label: 'Resultado: Infundada',
      tone: 'neutral',
    })
  })

  it('shows nothing for a missing or blank status', () => {
    expect(sourceStatus('norma', null)).toBeNull()
    expect(sourceStatus('norma', '  ')).toBeNull()
    expect(sourceStatus('sentencia', '')).toBeNull()
  })
})
