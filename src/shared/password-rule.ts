/**
 * Spec §5: the password minimum is the only client-side rule of the auth forms, checked on sign-up and on
 * update-password (sign-in checks nothing). One source for the server's payloads, the app's forms and /auth's
 * prerendered page, whose small script checks a held submit with it before the app is up (decision 0041): this
 * module imports nothing, so that script does not pull zod or the messages' catalogue in with it.
 */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`

/** The name of a new password's input (sign-up, update-password): the field the rule is checked on. */
export const NEW_PASSWORD_FIELD = 'new-password'

/** The message to show for a new password, or null when it may be sent. */
export function newPasswordProblem(password: string): string | null {
  return password.length >= PASSWORD_MIN_LENGTH ? null : PASSWORD_TOO_SHORT
}
