import { createAuthClient } from 'better-auth/react'

/** Seconds between session checks (spec §9: the session library checks every 30 s). */
export const SESSION_CHECK_SECONDS = 30

/** better-auth's client; the session refetches on window focus and every 30 s while signed in. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  sessionOptions: { refetchOnWindowFocus: true, refetchInterval: SESSION_CHECK_SECONDS },
})
