import { describe, expect, it } from 'vitest'
import { createLogger } from '../../shared/logger'
import { testDatabase } from '../test/harness'
import { lastMailTo } from '../test/mailbox'
import { extractLinks, mailerFor } from './mailer'
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

  it('prints an outbox message’s links in development but never a token in production', async () => {
    const database = await testDatabase('migrated')
    const logger = createLogger({ sinks: [] })
    const url = 'http://localhost:3000/auth/callback?token=secreto-del-enlace'
    try {
      for (const nodeEnv of ['development', 'production'] as const) {
        const printed: string[] = []
        const mailer = mailerFor(
          { nodeEnv, smtpUrl: undefined, mailFrom: 'x' },
          database.db,
          logger,
          (line) => printed.push(line),
        )
        const to = `${nodeEnv}@ejemplo.pe`
        await mailer.send(confirmEmailMail(to, url))
        // Stored either way: the operator can still read it from the database.
        expect((await lastMailTo(database.db, to))?.links).toEqual([url])
        if (nodeEnv === 'development') expect(printed.join('\n')).toContain(url)
        else {
          expect(printed).toEqual(['✉  Correo guardado en el buzón local: «Confirma tu correo en Lexia»'])
          expect(printed.join('\n')).not.toMatch(/token|secreto-del-enlace|@ejemplo/)
        }
      }
    } finally {
      await database.close()
    }
  })
})
