/** Confirmation texts of the auth screens. */
export const SIGN_UP_SENT = (email: string) =>
  `Te enviamos un correo de confirmación a ${email}. Ábrelo para activar tu cuenta.`
export { RESET_REQUESTED } from '../../../shared/auth-messages'
export const PASSWORD_UPDATED = 'Tu contraseña fue actualizada. Inicia sesión con la nueva contraseña.'
export const VERIFICATION_RESENT = 'Te reenviamos el correo de confirmación.'
export const EMAIL_CONFIRMED = 'Tu correo fue confirmado. Inicia sesión para continuar.'

/** Embedded mode only: the local mailbox page of the server, where the e-mails land instead of SMTP. */
export const DEV_MAILBOX_PATH = '/dev/correo'
