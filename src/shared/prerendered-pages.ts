/**
 * Pages rendered at build time (decision 0032): the build writes them under these names beside the SPA's index.html
 * (src/client/prerender/), and the static server sends them (src/server/http/static.ts).
 */

/** `/`: the landing page, with its own small script instead of the app's. */
export const LANDING_PAGE_FILE = 'landing.html'

/** `/auth` as it first paints, per tab (`?type=sign-up` opens the second): the app's script then draws over it. */
export const AUTH_PAGE_FILES = { 'sign-in': 'auth-sign-in.html', 'sign-up': 'auth-sign-up.html' } as const

/**
 * /chat and /protected/chat as they first paint, the same for everyone (no user data): the app's script then draws
 * the same page over it until the session and the history are known (decision 0036). Sent only to a request that
 * carries a session cookie; one without is sent to /auth (src/server/http/static.ts).
 */
export const CHAT_PAGE_FILE = 'chat.html'
