import type { SourceItem } from '../../../shared/search-schemas'

/** Spec §3 Message, plus a stable id for the list and for jumping to a search match. */
export type ChatMessage = {
  id: string
  content: string
  isUser: boolean
  context_leyes: SourceItem[]
  context_sentencias: SourceItem[]
  historyId: number | null
  /** true positive, false negative, null not rated. */
  feedback: boolean | null
  createdAt: number
}

/** Spec §3 Chat session, kept per user in the browser (timestamps in ms). */
export type ChatSession = {
  session_id: string
  user_id: string
  agentId: string | null
  title: string
  createdAt: number
  lastModified: number
  messages: ChatMessage[]
  lastAgentId: string | null
}

export const DEFAULT_SESSION_TITLE = 'Nueva conversacion'
