import type { Logger } from '../../shared/logger'
import type { AppConfig } from '../config'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'

export type MailMessage = { to: string; subject: string; html: string; text: string }

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<void>
}

/** Every absolute http(s) link in a text body, in order, without repeats. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])]
}

/**
 * Embedded mode: messages are stored and their links printed, so a laptop needs no SMTP server. In production
 * (ALLOW_EMBEDDED) `printLinks` is off: a link carries a sign-in or reset token, and consoles end up in log stores.
 */
export function outboxMailer(
  db: Db,
  logger: Logger,
  print: (line: string) => void = console.log,
  options: { printLinks: boolean } = { printLinks: true },
): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const links = extractLinks(message.text)
      await db.insert(mailOutbox).values({ ...message, links })
      if (options.printLinks) {
        print(`✉  Correo para ${message.to}: «${message.subject}»`)
        for (const link of links) print(`   ${link}`)
      } else print(`✉  Correo guardado en el buzón local: «${message.subject}»`)
      logger.debug('Correo guardado en el buzón local', { subject: message.subject })
    },
  }
}

export function smtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  // nodemailer loads on first use, so the embedded mode never carries it.
  const transport = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport(smtpUrl),
  )
  return {
    kind: 'smtp',
    async send(message) {
      const info = await (await transport).sendMail({ from, ...message })
      logger.info('Correo enviado', { subject: message.subject, messageId: info.messageId })
    },
  }
}

/** SMTP when configured, else the outbox; a production outbox (ALLOW_EMBEDDED) never prints links. */
export function mailerFor(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>,
  db: Db,
  logger: Logger,
  print: (line: string) => void = console.log,
): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, logger)
    : outboxMailer(db, logger, print, { printLinks: config.nodeEnv !== 'production' })
}
