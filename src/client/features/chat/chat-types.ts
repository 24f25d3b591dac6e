import type { SourceItem } from '../../../shared/search-schemas'

export type ChatEntry = {
  id: string
  role: 'user' | 'agent' | 'error'
  content: string
  historyId: number | null
  context_leyes: SourceItem[]
  context_sentencias: SourceItem[]
}

export type Pending = {
  sessionId: string
  startedAt: number
  partial: string | null
  historyId: number | null
}
