import { describe, expect, it } from 'vitest'
import { cleanEntityDebris } from './entity-debris'

describe('cleanEntityDebris', () => {
  it('decodes named, numeric and twice-encoded entities', () => {
    expect(cleanEntityDebris('la resoluci&oacute;n del &#193;rea, art&iacute;culo&nbsp;5')).toBe(
      'la resolución del Área, artículo\u00a05',
    )
    expect(cleanEntityDebris('el t&eacute;rmino &amp;quot;plazo&amp;quot;')).toBe('el término "plazo"')
    expect(cleanEntityDebris('&#x201C;cita&#x201D;')).toBe('“cita”')
  })

  it('drops an ampersand glued to a lower-case word that is no entity', () => {
    expect(cleanEntityDebris('el plazo corre desde &entonces conocido')).toBe(
      'el plazo corre desde entonces conocido',
    )
    expect(cleanEntityDebris('placas de c&obre y f&ierro')).toBe('placas de cobre y fierro')
  })

  it('drops a free-standing ampersand before a lower-case word', () => {
    expect(cleanEntityDebris('los bienes llamados & en almacén')).toBe('los bienes llamados en almacén')
  })

  it('never reads a word after an ampersand as a legacy entity', () => {
    // Lenient HTML decoding would turn these into '¬able' and '©ia'.
    expect(cleanEntityDebris('un hecho &notable')).toBe('un hecho notable')
    expect(cleanEntityDebris('una &copia simple')).toBe('una copia simple')
  })

  it('drops an ampersand left alone before a closing quote', () => {
    expect(cleanEntityDebris('la regla, vale decir, &". En tal sentido')).toBe(
      'la regla, vale decir,". En tal sentido',
    )
    expect(cleanEntityDebris('lo llamado «&» aquí')).toBe('lo llamado «» aquí')
  })

  it('keeps real ampersands: in names and standing alone', () => {
    expect(cleanEntityDebris('Estudio Rojas & Asociados S.A.C.')).toBe('Estudio Rojas & Asociados S.A.C.')
    expect(cleanEntityDebris('Rojas & 3 socios; A & B')).toBe('Rojas & 3 socios; A & B')
    expect(cleanEntityDebris('contrato con AT&T y P&G')).toBe('contrato con AT&T y P&G')
    expect(cleanEntityDebris('área I&D del 3&4')).toBe('área I&D del 3&4')
  })

  it('leaves text without ampersands as it is', () => {
    const plain = 'Se declara INFUNDADO el recurso; ¿procede? Sí.'
    expect(cleanEntityDebris(plain)).toBe(plain)
  })
})
