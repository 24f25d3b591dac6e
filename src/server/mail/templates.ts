import { PRODUCT_NAME } from '../../shared/brand'
import type { MailMessage } from './mailer'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** One layout for every message: an HTML part with a button and a plain-text part with the raw link. */
function actionMail(opts: {
  to: string
  subject: string
  lead: string
  action: string
  url: string
  footer: string
}): MailMessage {
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f7f8;font-family:Arial,Helvetica,sans-serif;color:#10232a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><h1 style="margin:0 0 16px;font-size:22px;color:#0e7490">${escapeHtml(PRODUCT_NAME)}</h1>
<p style="font-size:16px;line-height:1.5;margin:0 0 24px">${escapeHtml(opts.lead)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#0e7490;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;line-height:1.5;color:#4b5d63;margin:0 0 8px">Si el botón no funciona, copia este enlace en tu navegador:<br><span style="word-break:break-all">${escapeHtml(opts.url)}</span></p>
<p style="font-size:13px;line-height:1.5;color:#4b5d63;margin:0">${escapeHtml(opts.footer)}</p>
</td></tr></table></td></tr></table></body></html>`
  const text = `${PRODUCT_NAME}\n\n${opts.lead}\n\n${opts.action}: ${opts.url}\n\n${opts.footer}\n`
  return { to: opts.to, subject: opts.subject, html, text }
}

export function confirmEmailMail(to: string, url: string): MailMessage {
  return actionMail({
    to,
    subject: `Confirma tu correo en ${PRODUCT_NAME}`,
    lead: `Gracias por registrarte en ${PRODUCT_NAME}. Confirma tu correo electrónico para activar tu cuenta y empezar a consultar normas y jurisprudencia del Perú.`,
    action: 'Confirmar mi correo',
    url,
    footer: 'El enlace vence en 24 horas. Si no creaste esta cuenta, ignora este mensaje.',
  })
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return actionMail({
    to,
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    lead: 'Recibimos un pedido para restablecer la contraseña de tu cuenta. Al cambiarla se cerrarán tus otras sesiones abiertas.',
    action: 'Elegir una nueva contraseña',
    url,
    footer: 'El enlace vence en 1 hora. Si no lo pediste, ignora este mensaje: tu contraseña no cambiará.',
  })
}

/** Sent instead of an error when someone signs up with a taken address, so sign-up reveals nothing. */
export function existingAccountMail(to: string, url: string): MailMessage {
  return actionMail({
    to,
    subject: `Ya tienes una cuenta en ${PRODUCT_NAME}`,
    lead: 'Alguien intentó crear una cuenta con este correo, pero ya tienes una. Si fuiste tú, inicia sesión; si olvidaste la contraseña, puedes restablecerla desde la página de ingreso.',
    action: 'Ir a iniciar sesión',
    url,
    footer: 'Si no fuiste tú, no necesitas hacer nada.',
  })
}
