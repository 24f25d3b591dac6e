// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConsultationRecord } from '../../../shared/consultation-schemas'

/** The server as the hook sees it: the session's records, the held HTTP answer, and the live events. */
const server = vi.hoisted(() => ({
  records: [] as unknown[],
  answer: null as null | ((body: unknown) => void),
  /** Fails the held HTTP answer, as the browser does when the network drops. */
  fail: null as null | ((error: Error) => void),
  handlers: new Map<string, (event: unknown) => void>(),
  /** The connection opened again after a drop. */
  reopened: null as null | (() => void),
}))

vi.mock('../../lib/api-client', () => ({
  ApiError: class ApiError extends Error {
    constructor(body: { message: string }) {
      super(body.message)
    }
  },
  apiGet: async () => ({ consultations: server.records }),
  apiPost: () =>
    new Promise((resolve, reject) => {
      server.answer = resolve
      server.fail = reject
    }),
}))
vi.mock('../realtime/use-stream-event', () => ({
  useStreamEvent: (type: string, handler: (event: unknown) => void) => {
    server.handlers.set(type, handler)
  },
  useStreamReopened: (handler: () => void) => {
    server.reopened = handler
  },
}))
vi.mock('../credits/credits-store', () => ({
  useCreditsStore: { getState: () => ({ setSummary: () => {} }) },
}))

const { useChat } = await import('./use-chat')
const { ApiError } = await import('../../lib/api-client')

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
  server.fail = null
  server.handlers.clear()
  server.reopened = null
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

  it('shows what the server recorded once the network is back: one question, its answer, no stale error', async () => {
    const NETWORK = 'Error de red. Revisa tu conexión e inténtalo de nuevo.'
    const { result } = renderHook(() => useChat('s'))
    await waitFor(() => expect(result.current.loaded).toBe(true))
    act(() => void result.current.send(QUESTION, 'general', 'PE'))
    act(() => server.handlers.get('partial')?.({ type: 'partial', session_id: 's', partial_answer: ANSWER }))
    // The network drops: the HTTP answer is lost, and so is the event of the answer the server went on giving.
    await act(async () => server.fail?.(new ApiError({ code: 'NETWORK_ERROR', message: NETWORK }, 0)))
    expect(result.current.entries.map((e) => [e.role, e.content])).toEqual([
      ['user', QUESTION],
      ['error', NETWORK],
    ])
    server.records = [record('answered')]
    await act(async () => server.reopened?.())
    await waitFor(() =>
      expect(result.current.entries.map((e) => [e.id, e.role, e.content])).toEqual([
        ['q-7', 'user', QUESTION],
        ['a-7', 'agent', ANSWER],
      ]),
    )
    expect(result.current.pending).toBeNull()
  })

  it('reads the conversation again when the browser is back online, the answer still on its way', async () => {
    const { result } = renderHook(() => useChat('s'))
    await waitFor(() => expect(result.current.loaded).toBe(true))
    act(() => void result.current.send(QUESTION, 'general', 'PE'))
    await act(async () =>
      server.fail?.(
        new ApiError(
          { code: 'NETWORK_ERROR', message: 'Error de red. Revisa tu conexión e inténtalo de nuevo.' },
          0,
        ),
      ),
    )
    expect(result.current.pending).toBeNull()
    server.records = [record('pending')]
    await act(async () => void window.dispatchEvent(new Event('online')))
    // The answer in progress comes back with its partial text; the question shows once, from the record.
    await waitFor(() => expect(result.current.pending?.historyId).toBe(7))
    expect(result.current.pending?.partial).toBe(ANSWER)
    expect(result.current.entries.map((e) => e.id)).toEqual(['q-7'])
  })

  it('keeps a question the server never recorded, with the error that says why', async () => {
    const { result } = renderHook(() => useChat('s'))
    await waitFor(() => expect(result.current.loaded).toBe(true))
    act(() => void result.current.send(QUESTION, 'general', 'PE'))
    await act(async () =>
      server.fail?.(
        new ApiError({ code: 'INSUFFICIENT_CREDITS', message: 'No tienes créditos suficientes' }, 402),
      ),
    )
    await act(async () => server.reopened?.())
    expect(result.current.entries.map((e) => [e.role, e.content])).toEqual([
      ['user', QUESTION],
      ['error', 'No tienes créditos suficientes'],
    ])
  })
})
