import { useCallback, useEffect, useRef, useState } from 'react'
import { agentResponseSchema, consultationListSchema } from '../../../shared/consultation-schemas'
import { ApiError, apiGet, apiPost } from '../../lib/api-client'
import { useCreditsStore } from '../credits'
import { useStreamEvent, useStreamReopened } from '../realtime'
import type { ChatEntry, Pending } from './chat-types'
import { isLocalQuestion, localError, localQuestion, unrecordedLocal } from './reconcile'
import { recordsToEntries } from './records-to-entries'

/** Entries and the answer in progress, always tagged with the session they belong to. */
type View = { sessionId: string; entries: ChatEntry[]; pending: Pending | null; loaded: boolean }

const emptyView = (sessionId: string): View => ({ sessionId, entries: [], pending: null, loaded: false })

/**
 * One chat session's conversation: its history read from the server (so an answer in progress survives a refresh
 * and a switch to another chat and back), sending a question, and the live partial answer from the stream.
 * A reply that lands after the user moved to another chat is left to the server's history of its own session.
 */
export function useChat(sessionId: string) {
  const [view, setView] = useState<View>(() => emptyView(sessionId))
  const current = useRef(sessionId)
  current.current = sessionId

  const reload = useCallback(async () => {
    try {
      const { consultations } = await apiGet(
        `/api/sessions/${encodeURIComponent(sessionId)}/consultations`,
        consultationListSchema,
      )
      setView((v) => {
        if (v.sessionId !== sessionId) return v
        const open = consultations.find((c) => c.outcome === 'pending')
        const p = v.pending
        // A question sent from this tab shows until the server's record of it arrives; then the record replaces it.
        const local = unrecordedLocal(v.entries, consultations)
        // The question waiting for its answer is the last one sent. Its opening may have gone unseen (a fast
        // answer, or the two events arriving as one): once recorded and settled, its answer takes the partial
        // answer's place at once — never both on screen until the HTTP answer lands.
        const waiting = v.entries.findLast(isLocalQuestion)
        const pending: Pending | null = open
          ? {
              sessionId,
              startedAt: p?.startedAt ?? Date.parse(open.created_at),
              partial: open.partial_answer ?? p?.partial ?? null,
              historyId: open.history_id,
            }
          : p && p.historyId === null && waiting && local.includes(waiting)
            ? p // sent from this tab, not yet recorded on the server
            : null
        // Unchanged messages keep their identity, so the list re-renders only what is new.
        const before = new Map(v.entries.map((e) => [e.id, e]))
        const entries = recordsToEntries(consultations).map((e) => {
          const old = before.get(e.id)
          return old && old.content === e.content && old.historyId === e.historyId ? old : e
        })
        return { sessionId, entries: [...entries, ...local], pending, loaded: true }
      })
    } catch (error) {
      console.error('No se pudo cargar el historial de la sesión', error)
      setView((v) => (v.sessionId === sessionId ? { ...v, loaded: true } : v))
    }
  }, [sessionId])

  useEffect(() => {
    setView((v) => (v.sessionId === sessionId ? v : emptyView(sessionId)))
    void reload()
  }, [sessionId, reload])

  useStreamEvent('partial', (e) => {
    if (e.session_id !== current.current) return
    setView((v) =>
      v.sessionId === e.session_id && v.pending
        ? { ...v, pending: { ...v.pending, partial: e.partial_answer } }
        : v,
    )
  })
  useStreamEvent('consultation', (e) => {
    if (e.consultation.session_id === current.current) void reload()
  })
  // Events sent while the connection was down are lost, and so may be the HTTP answer: once the network is back,
  // the conversation is read again, so it shows what the server recorded (one question, its answer, no stale error).
  useStreamReopened(() => void reload())
  useEffect(() => {
    const online = () => void reload()
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [reload])

  const busy = view.sessionId === sessionId && view.pending !== null
  const send = useCallback(
    async (question: string, agentId: string, countryCode: string) => {
      const text = question.trim()
      if (!text || busy) return
      const forSession = sessionId
      const mine = (f: (v: View) => View) => setView((v) => (v.sessionId === forSession ? f(v) : v))
      mine((v) => ({
        ...v,
        entries: [...v.entries, localQuestion(text)],
        pending: { sessionId: forSession, startedAt: Date.now(), partial: null, historyId: null },
      }))
      try {
        const res = await apiPost(
          '/api/agentCommunication',
          { agentId, sessionId: forSession, userInput: text, countryCode },
          agentResponseSchema,
        )
        useCreditsStore.getState().setSummary(res.credits)
        mine((v) => ({
          ...v,
          pending: null,
          entries: [
            ...v.entries.filter((e) => e.id !== `a-${res.history_id}`),
            {
              id: `a-${res.history_id}`,
              role: 'agent',
              content: res.answer,
              historyId: res.history_id,
              context_leyes: res.context_leyes,
              context_sentencias: res.context_sentencias,
            },
          ],
        }))
        // The server's record replaces the local question (same ids as after a reload).
        if (current.current === forSession) void reload()
      } catch (error) {
        const message = error instanceof ApiError ? error.message : 'Ocurrió un error inesperado'
        mine((v) => ({
          ...v,
          pending: null,
          entries: [...v.entries, localError(message)],
        }))
      }
    },
    [busy, sessionId, reload],
  )

  const shown = view.sessionId === sessionId ? view : emptyView(sessionId)
  return { sessionId, entries: shown.entries, pending: shown.pending, loaded: shown.loaded, send }
}
