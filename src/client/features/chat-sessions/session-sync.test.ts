import { describe, expect, it } from 'vitest'
import type { ChatEntry } from '../chat'
import { newSession } from './session-rules'
import { entriesToMessages, withConversation } from './session-sync'
import { DEFAULT_SESSION_TITLE } from './session-types'

const e = (
  id: string,
  role: ChatEntry['role'],
  content: string,
  historyId: number | null = null,
): ChatEntry => ({
  id,
  role,
  content,
  historyId,
  context_leyes: [],
  context_sentencias: [],
})

describe('entriesToMessages', () => {
  it('keeps questions and answers, drops transient errors, keeps earlier feedback and dates', () => {
    const first = entriesToMessages([e('q-1', 'user', '¿Qué es?'), e('a-1', 'agent', 'Es…', 1)], [], 10)
    const rated = first.map((m) => (m.id === 'a-1' ? { ...m, feedback: true } : m))
    const next = entriesToMessages(
      [e('q-1', 'user', '¿Qué es?'), e('a-1', 'agent', 'Es…', 1), e('err-2', 'error', 'Sin créditos')],
      rated,
      99,
    )
    expect(next.map((m) => [m.id, m.isUser, m.feedback, m.createdAt])).toEqual([
      ['q-1', true, null, 10],
      ['a-1', false, true, 10],
    ])
  })
})

describe('withConversation', () => {
  const base = newSession('u1', null, 1)

  it('names the session from the first question and moves lastModified', () => {
    const s = withConversation(base, [e('local-1', 'user', 'me botaron del trabajo')], 'general', 50)
    expect(s.title).toBe('me botaron del trabajo')
    expect(s.lastModified).toBe(50)
    expect(s.lastAgentId).toBe('general')
    expect(s.agentId).toBe('general')
  })

  it('returns the same object when nothing changed (no write)', () => {
    const s = withConversation(base, [e('q-1', 'user', 'hola')], 'general', 50)
    expect(withConversation(s, [e('q-1', 'user', 'hola')], 'general', 60)).toBe(s)
    expect(withConversation(base, [], null, 60)).toBe(base)
  })

  it('keeps a title once set, and the default while there is no question', () => {
    const s = withConversation(base, [e('q-1', 'user', 'primera')], null, 5)
    expect(
      withConversation(s, [e('q-1', 'user', 'primera'), e('q-2', 'user', 'segunda')], null, 6).title,
    ).toBe('primera')
    expect(withConversation(base, [e('err-1', 'error', 'x')], null, 5).title).toBe(DEFAULT_SESSION_TITLE)
  })
})
