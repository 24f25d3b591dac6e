// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConsultationRecord } from '../../../shared/consultation-schemas'

/** The server as the hook sees it: the session's records, the held HTTP answer, and the live events. */
const server = vi.hoisted(() => ({
  records: [] as unknown[],
  answer: null as null | ((body: unknown) => void),
  handlers: new Map<string, (event: unknown) => void>(),
}))

vi.mock('../../lib/api-client', () => ({
  ApiError: class ApiError extends Error {},
  apiGet: async () => ({ consultations: server.records }),
  apiPost: () =>
    new Promise((resolve) => {
      server.answer = resolve
    }),
}))
vi.mock('../realtime/use-stream-event', () => ({
  useStreamEvent: (type: string, handler: (event: unknown) => void) => {
    server.handlers.set(type, handler)
  },
}))
vi.mock('../credits/credits-store', () => ({
  useCreditsStore: { getState: () => ({ setSummary: () => {} }) },
}))

const { useChat } = await import('./use-chat')

const QUESTION = 'cuánto dura el mandato presidencial'
const ANSWER = '**En resumen:** el mandato presidencial dura cinco años [1].'

const record = (outcome: ConsultationRecord['outcome']): ConsultationRecord => ({
  history_id: 7,
  session_id: 's',
  agent_id: 'general',
  question: QUESTION,
  answer: outcome === 'pending' ? null : ANSWER,
  partial_answer: outcome === 'pending' ? ANSWER : null,
  context_leyes: [],
  context_sentencias: [],
  cost: 1,
  state: 'charged',
  outcome,
  created_at: new Date().toISOString(),
  finished_at: null,
})

afterEach(() => {
  server.records = []
  server.answer = null
  server.handlers.clear()
})

describe('useChat', () => {
  it('puts the answer in the partial answer’s place even when the question’s opening went unseen', async () => {
    const { result } = renderHook(() => useChat('s'))
    await waitFor(() => expect(result.current.loaded).toBe(true))
    act(() => void result.current.send(QUESTION, 'general', 'PE'))
    expect(result.current.pending?.historyId).toBeNull()
    act(() => server.handlers.get('partial')?.({ type: 'partial', session_id: 's', partial_answer: ANSWER }))
    expect(result.current.pending?.partial).toBe(ANSWER)

    // The server settles it; the HTTP answer is still on its way.
    server.records = [record('answered')]
    act(() =>
      server.handlers.get('consultation')?.({ type: 'consultation', consultation: record('answered') }),
    )
    await waitFor(() => expect(result.current.pending).toBeNull())
    // One question and one answer on screen, never the answer beside the partial one.
    expect(result.current.entries.map((e) => [e.role, e.content])).toEqual([
      ['user', QUESTION],
      ['agent', ANSWER],
    ])
  })

  it('keeps the partial answer while the question is not yet recorded, and an older same question is not it', async () => {
    server.records = [{ ...record('answered'), history_id: 3 }]
    const { result } = renderHook(() => useChat('s'))
    await waitFor(() => expect(result.current.entries).toHaveLength(2))
    act(() => void result.current.send(QUESTION, 'general', 'PE'))
    act(() =>
      server.handlers.get('consultation')?.({ type: 'consultation', consultation: record('answered') }),
    )
    await act(async () => {})
    expect(result.current.pending).not.toBeNull()
    expect(result.current.entries.map((e) => e.role)).toEqual(['user', 'agent', 'user'])
  })
})
