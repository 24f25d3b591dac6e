import { useCallback, useEffect, useState } from 'react'
import { agentResponseSchema, consultationListSchema } from '../../../shared/consultation-schemas'
import { ApiError, apiGet, apiPost } from '../../lib/api-client'
import { useCreditsStore } from '../credits/credits-store'
import { useStreamEvent } from '../realtime/use-stream-event'
import type { ChatEntry, Pending } from './chat-types'
import { recordsToEntries } from './records-to-entries'

const lastSessionKey = (userId: string) => `${userId}_lastSessionId`

function rememberedSession(userId: string): string {
  try {
    const stored = localStorage.getItem(lastSessionKey(userId))
    if (stored && /^[A-Za-z0-9_-]{1,100}$/.test(stored)) return stored
  } catch (error) {
    console.error('No se pudo leer la última sesión', error)
  }
  return newSession(userId)
}

function newSession(userId: string): string {
  const id = crypto.randomUUID()
  try {
    localStorage.setItem(lastSessionKey(userId), id)
  } catch (error) {
    console.error('No se pudo guardar la sesión', error)
  }
  return id
}

/**
 * The current chat session: its history read from the server (so an answer in progress survives a refresh),
 * sending a question, and the live partial answer of this session from the realtime stream.
 */
export function useChat(userId: string) {
  const [sessionId, setSessionId] = useState(() => rememberedSession(userId))
  const [entries, setEntries] = useState<ChatEntry[]>([])
  const [pending, setPending] = useState<Pending | null>(null)

  const reload = useCallback(async () => {
    try {
      const { consultations } = await apiGet(
        `/api/sessions/${encodeURIComponent(sessionId)}/consultations`,
        consultationListSchema,
      )
      setEntries(recordsToEntries(consultations))
      const open = consultations.find((c) => c.outcome === 'pending')
      setPending((p) =>
        open
          ? {
              sessionId,
              startedAt: p?.startedAt ?? Date.parse(open.created_at),
              partial: open.partial_answer ?? p?.partial ?? null,
              historyId: open.history_id,
            }
          : p && p.historyId === null && p.sessionId === sessionId
            ? p
            : null,
      )
    } catch (error) {
      console.error('No se pudo cargar el historial de la sesión', error)
    }
  }, [sessionId])

  useEffect(() => {
    setEntries([])
    setPending(null)
    void reload()
  }, [reload])

  useStreamEvent('partial', (e) => {
    if (e.session_id !== sessionId) return
    setPending((p) => (p ? { ...p, partial: e.partial_answer } : p))
  })
  useStreamEvent('consultation', (e) => {
    if (e.consultation.session_id === sessionId) void reload()
  })

  const send = useCallback(
    async (question: string, agentId: string, countryCode: string) => {
      const text = question.trim()
      if (!text || pending) return
      const local: ChatEntry = {
        id: `local-${Date.now()}`,
        role: 'user',
        content: text,
        historyId: null,
        context_leyes: [],
        context_sentencias: [],
      }
      setEntries((list) => [...list, local])
      setPending({ sessionId, startedAt: Date.now(), partial: null, historyId: null })
      try {
        const res = await apiPost(
          '/api/agentCommunication',
          { agentId, sessionId, userInput: text, countryCode },
          agentResponseSchema,
        )
        useCreditsStore.getState().setSummary(res.credits)
        setEntries((list) => [
          ...list,
          {
            id: `a-${res.history_id}`,
            role: 'agent',
            content: res.answer,
            historyId: res.history_id,
            context_leyes: res.context_leyes,
            context_sentencias: res.context_sentencias,
          },
        ])
      } catch (error) {
        const message = error instanceof ApiError ? error.message : 'Ocurrió un error inesperado'
        setEntries((list) => [
          ...list,
          {
            id: `err-${Date.now()}`,
            role: 'error',
            content: message,
            historyId: null,
            context_leyes: [],
            context_sentencias: [],
          },
        ])
      } finally {
        setPending(null)
      }
    },
    [pending, sessionId],
  )

  const startNew = useCallback(() => setSessionId(newSession(userId)), [userId])

  return { sessionId, entries, pending, send, startNew }
}
