import { z } from 'zod'
import { safeText } from './fields'
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './password-rule'

/** Spec §9: 128 is better-auth's ceiling, kept explicit (the minimum is spec §5's, in password-rule.ts). */
export const PASSWORD_MAX_LENGTH = 128
export const PASSWORD_TOO_LONG = 'La contraseña no puede tener más de 128 caracteres'
export const INVALID_EMAIL = 'El correo electrónico no es válido'

const email = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: INVALID_EMAIL }).max(254))
const password = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
/** Only same-site paths: a redirect elsewhere would turn our e-mails into phishing links. */
const relativePath = safeText()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'La ruta de redirección debe ser relativa')

const BAD_BODY = 'El cuerpo de la solicitud no es válido'
const payload = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: BAD_BODY })

export const signUpPayload = payload({
  email,
  password,
  name: safeText().trim().max(100).optional(),
  callbackURL: relativePath.optional(),
  // better-auth requires a display name; we never ask for one, so the address's local part stands in.
}).transform((v) => ({ ...v, name: v.name || v.email.split('@')[0]! }))

export const signInPayload = payload({
  email,
  // Sign-in checks only presence: a length rule here would tell attackers which passwords cannot exist.
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .min(1, 'La contraseña es obligatoria')
    .max(PASSWORD_MAX_LENGTH),
  callbackURL: relativePath.optional(),
  rememberMe: z.boolean().optional(),
})

export const requestPasswordResetPayload = payload({ email, redirectTo: relativePath.optional() })

export const resetPasswordPayload = payload({
  newPassword: password,
  token: safeText({ error: 'Falta el código de verificación' })
    .min(1, 'Falta el código de verificación')
    .max(512),
})

export const sendVerificationEmailPayload = payload({ email, callbackURL: relativePath.optional() })

/**
 * The app never renames a user, but better-auth serves the endpoint: a null or non-text name would reach a NOT NULL
 * column (a 500), so it gets our rules too.
 */
export const updateUserPayload = payload({
  name: safeText({ error: 'El nombre debe ser un texto' })
    .trim()
    .min(1, 'El nombre no puede estar vacío')
    .max(100, 'El nombre no puede tener más de 100 caracteres')
    .optional(),
  image: safeText().max(2048).nullable().optional(),
})

/** The better-auth endpoints whose bodies we validate before they reach the library. */
export const AUTH_PAYLOADS = {
  '/sign-up/email': signUpPayload,
  '/sign-in/email': signInPayload,
  '/request-password-reset': requestPasswordResetPayload,
  '/reset-password': resetPasswordPayload,
  '/send-verification-email': sendVerificationEmailPayload,
  '/update-user': updateUserPayload,
} as const
