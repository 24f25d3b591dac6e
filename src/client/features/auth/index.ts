// The auth feature as other features see it: who is signed in, the menu that signs out. (The first sign-in event's
// name is in lib/first-login-event.ts.)
export { type UseAuth, useAuth } from './provider'
export { UserMenu } from './user-menu'
