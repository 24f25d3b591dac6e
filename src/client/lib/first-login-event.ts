/**
 * The browser event the auth feature fires on an account's first login (spec §4) and the help listens for. Here
 * rather than in features/auth: the help's listener is loaded by every signed-in page and by /auth, and importing
 * the event's name through the auth feature's index would bring the user menu (and its popper) to /auth too.
 */
export const FIRST_LOGIN_EVENT = 'first-login'
