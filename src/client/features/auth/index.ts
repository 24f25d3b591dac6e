// The auth feature as other features see it: who is signed in, the menu that signs out, the first sign-in event.
export { type UseAuth, useAuth } from './provider'
export { FIRST_LOGIN_EVENT } from './session'
export { UserMenu } from './user-menu'
