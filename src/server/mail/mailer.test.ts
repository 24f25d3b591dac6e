import { describe, expect, it } from 'vitest'
import { extractLinks } from './mailer'
import { confirmEmailMail, resetPasswordMail } from './templates'

describe('mail', () => {
  it('extracts each link once, in order', () => {
    expect(extractLinks('a https://x.pe/a?token=1 b http://y.pe/b) https://x.pe/a?token=1')).toEqual([
      'https://x.pe/a?token=1',
      'http://y.pe/b',
    ])
  })

  it('writes Spanish messages with an HTML and a text part carrying the link', () => {
    const url = 'http://localhost:3000/auth/callback?token=a&b=<x>'
    const m = confirmEmailMail('ana@ejemplo.pe', url)
    expect(m.subject).toBe('Confirma tu correo en Lexia')
    expect(m.text).toContain(url)
    expect(m.html).toContain('lang="es"')
    // The URL is escaped inside the HTML: no markup can be injected through it.
    expect(m.html).toContain('token=a&amp;b=&lt;x&gt;')
    expect(m.html).not.toContain('<x>')
    expect(resetPasswordMail('ana@ejemplo.pe', url).text).toContain('Elegir una nueva contraseña')
  })
})
