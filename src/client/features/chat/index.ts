// The chat feature as other features see it: the entries a conversation holds.
export type { ChatEntry } from './chat-types'
