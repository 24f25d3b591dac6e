import { describe, expect, it } from 'vitest'
import {
  afterDelete,
  initialCurrent,
  newSession,
  searchSessions,
  snippetAround,
  sortSessions,
  titleFromQuestion,
  withMessage,
} from './session-rules'
import { type ChatMessage, type ChatSession, DEFAULT_SESSION_TITLE } from './session-types'

const msg = (content: string, isUser: boolean, id = content): ChatMessage => ({
  id,
  content,
  isUser,
  context_leyes: [],
  context_sentencias: [],
  historyId: null,
  feedback: null,
  createdAt: 0,
})
const session = (
  id: string,
  createdAt: number,
  lastModified = createdAt,
  extra: Partial<ChatSession> = {},
) => ({
  ...newSession('u1', null, createdAt),
  session_id: id,
  lastModified,
  ...extra,
})

describe('session rules', () => {
  it('makes an empty session with the default title and a server-acceptable id', () => {
    const s = newSession('u1', 'general', 5)
    expect(s).toMatchObject({ user_id: 'u1', title: DEFAULT_SESSION_TITLE, createdAt: 5, lastModified: 5 })
    expect(s.messages).toEqual([])
    expect(s.session_id).toMatch(/^[A-Za-z0-9_-]{1,100}$/)
    expect(newSession('u1').session_id).not.toBe(s.session_id)
  })

  it('takes the title from the first question only', () => {
    let s = newSession('u1', null, 1)
    s = withMessage(s, msg('¿Cuánto dura el mandato presidencial?', true), 2)
    expect(s.title).toBe('¿Cuánto dura el mandato presidencial?')
    expect(s.lastModified).toBe(2)
    s = withMessage(s, msg('Cinco años.', false), 3)
    s = withMessage(s, msg('¿Y la reelección?', true), 4)
    expect(s.title).toBe('¿Cuánto dura el mandato presidencial?')
    expect(s.messages).toHaveLength(3)
  })

  it('cuts a long title at a word, on one line', () => {
    const t = titleFromQuestion(`me despidieron\n del trabajo después de ${'muchos '.repeat(12)}años`)
    expect(t.length).toBeLessThanOrEqual(61)
    expect(t.endsWith('…')).toBe(true)
    expect(t).not.toContain('\n')
    expect(titleFromQuestion('   ')).toBe(DEFAULT_SESSION_TITLE)
  })

  it('sorts by creation date, newest first', () => {
    const list = sortSessions([session('a', 1), session('c', 3), session('b', 2)])
    expect(list.map((s) => s.session_id)).toEqual(['c', 'b', 'a'])
  })

  it('creates one empty session on a first load, else picks the remembered or the latest modified', () => {
    const empty = () => session('nuevo', 9)
    expect(initialCurrent([], null, empty)).toMatchObject({
      currentId: 'nuevo',
      created: { session_id: 'nuevo' },
    })
    const list = [session('a', 1, 10), session('b', 2, 5)]
    expect(initialCurrent(list, 'b', empty).currentId).toBe('b')
    expect(initialCurrent(list, 'borrada', empty).currentId).toBe('a')
    expect(initialCurrent(list, null, empty).created).toBeNull()
  })

  it('after deleting the current session moves to the most recently modified one, or a new empty one', () => {
    const empty = () => session('nuevo', 9)
    const list = [session('a', 1, 10), session('b', 2, 30), session('c', 3, 20)]
    expect(afterDelete(list, 'a', 'a', empty)).toMatchObject({ currentId: 'b', created: null })
    expect(afterDelete(list, 'c', 'a', empty).currentId).toBe('a')
    const last = afterDelete([session('a', 1)], 'a', 'a', empty)
    expect(last.currentId).toBe('nuevo')
    expect(last.sessions.map((s) => s.session_id)).toEqual(['nuevo'])
  })

  it('searches titles and message text, case- and accent-insensitively, pointing at the matching message', () => {
    const a = session('a', 1, 1, { title: 'Despido arbitrario', messages: [msg('hola', true, 'm0')] })
    const b = session('b', 2, 2, {
      title: 'Mandato',
      messages: [msg('¿mandato?', true, 'm1'), msg('La PENSIÓN de alimentos…', false, 'm2')],
    })
    expect(searchSessions([a, b], 'DESPIDO').map((m) => m.session.session_id)).toEqual(['a'])
    expect(searchSessions([a, b], 'pension')).toEqual([{ session: b, messageId: 'm2' }])
    expect(searchSessions([a, b], '  ').map((m) => m.session.session_id)).toEqual(['b', 'a'])
    expect(searchSessions([a, b], 'inexistente')).toEqual([])
  })
})

describe('snippetAround', () => {
  it('shows the words around an accent-insensitive match, without Markdown marks', () => {
    const text = `${'palabra '.repeat(20)}el **despido arbitrario** da derecho a indemnización ${'final '.repeat(20)}`
    const s = snippetAround(text, 'DESPIDO', 20)
    expect(s.startsWith('…')).toBe(true)
    expect(s.endsWith('…')).toBe(true)
    expect(s).toContain('despido arbitrario')
    expect(snippetAround('La pensión de alimentos', 'pension')).toBe('La pensión de alimentos')
  })
  it('falls back to the beginning when nothing matches', () => {
    expect(snippetAround('abc def', 'zzz')).toBe('abc def')
  })
})
