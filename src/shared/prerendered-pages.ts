/**
 * Pages rendered at build time (decision 0032): the build writes them under these names beside the SPA's index.html
 * (src/client/prerender/), and the static server sends them (src/server/http/static.ts).
 */

/** `/`: the landing page, with its own small script instead of the app's. */
export const LANDING_PAGE_FILE = 'landing.html'

/**
 * `/auth` as it first paints, per tab (`?type=sign-up` opens the second), for a request with a session cookie: the
 * card over a spinner, until the app's session check answers (the app's script then draws over it).
 */
export const AUTH_PAGE_FILES = { 'sign-in': 'auth-sign-in.html', 'sign-up': 'auth-sign-up.html' } as const

/**
 * `/auth` for a request without a session cookie, per tab (decision 0040): signed out for sure, so the page is the tab's
 * form itself, usable at first paint. Its own small script starts the app at the first interaction.
 */
export const AUTH_FORM_PAGE_FILES = {
  'sign-in': 'auth-sign-in-form.html',
  'sign-up': 'auth-sign-up-form.html',
} as const

/**
 * The id of the inert `<template>` in which an /auth form page (decision 0040) and the chat's page (decision 0041)
 * keep the app's script and preloads: the form page's own script puts them into the head when the app is wanted, the
 * chat's inline loader once the page has painted. The static server adds the route's preloads inside it.
 */
export const APP_SCRIPTS_TEMPLATE_ID = 'lexia-app-scripts'

/**
 * /chat and /protected/chat as they first paint, the same for everyone (no user data): the app's script, added by the
 * page's loader once it has painted (decision 0041), then draws the same page over it until the session and the
 * history are known (decision 0036). Sent only to a request that carries a session cookie; one without is sent to
 * /auth (src/server/http/static.ts).
 */
export const CHAT_PAGE_FILE = 'chat.html'

/**
 * The attribute of the `<template>`s an /auth form page carries beside its form (decision 0041): the form's submit
 * button as the app shows it while sending, rendered at build time with the app's own component. Its value is the
 * form's `data-testid`. The page's script puts it in the button's place when it holds a submit until the app is up.
 */
export const SENDING_TEMPLATE_ATTRIBUTE = 'data-lexia-sending'

/**
 * The attribute of the `<template>` the sign-up form page carries beside the sending one: its new password's field
 * as the app shows it refused (spec §5's rule, `shared/password-rule.ts`), rendered at build time with the app's own
 * component. Its value is the form's `data-testid`. The page's script gives the field that state, instead of the
 * sending one, for a submit the app would refuse (decision 0041).
 */
export const REFUSED_TEMPLATE_ATTRIBUTE = 'data-lexia-refused'
