import { z } from 'zod'

/** Where the confirmation and reset links of the auth e-mails land (spec §2). */
export const AUTH_CALLBACK_PATH = '/auth/callback'
export const UPDATE_PASSWORD_PATH = '/auth?type=update-password'
/** Where a signed-in user goes after signing in or confirming the address. */
export const AFTER_SIGN_IN_PATH = '/protected/chat'

/** The name better-auth requires at sign-up: the part of the e-mail before '@'. */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? ''
  return local || email.trim()
}

/**
 * The fields of `GET /api/auth/get-session` the client reads. Dates arrive as ISO strings (or as Date objects
 * once better-auth's client has parsed them). `firstLogin` is ours: true when last_sign_in_at was null at this
 * sign-in.
 */
const dateLike = z.union([z.date(), z.string(), z.number()])
export const authSessionSchema = z.object({
  session: z.looseObject({
    id: z.string().optional(),
    token: z.string(),
    expiresAt: dateLike,
    firstLogin: z.boolean().optional(),
  }),
  user: z.looseObject({
    id: z.string(),
    email: z.string(),
    name: z.string().nullish(),
    emailVerified: z.boolean().optional(),
    lastSignInAt: dateLike.nullish(),
  }),
})
export type AuthSessionPayload = z.infer<typeof authSessionSchema>
