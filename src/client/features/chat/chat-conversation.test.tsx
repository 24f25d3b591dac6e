// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AgentResponse, ConsultationRecord } from '../../../shared/consultation-schemas'
import { ERROR_MESSAGES } from '../../../shared/errors'
import { jsonResponse } from '../../test/json-response'
import { renderWithTheme } from '../../test/render'
import { sourceItem } from '../../test/source-item'
import { NO_CREDITS_MESSAGE } from '../credits'
import type { ChatEntry } from './chat-types'

// The live stream is the realtime feature's business; here nothing arrives on it.
vi.mock('../realtime', () => ({ useStreamEvent: () => {}, useStreamReopened: () => {} }))

const { ChatConversation } = await import('./chat-conversation')

const QUESTION = 'cuánto dura el mandato presidencial'
const ANSWER = 'El mandato presidencial dura cinco años [1].'
const law = sourceItem({ title: 'Constitución Política del Perú', label: 'Art. 112' })

/**
 * The server at the fetch boundary: the session's records, and the answer to the next question, held until a test
 * gives it (a body and a status) so the page can be seen while it waits.
 */
const server = {
  records: [] as ConsultationRecord[],
  answer: null as null | ((status: number, body: unknown) => void),
}

beforeEach(() => {
  server.records = []
  server.answer = null
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/sessions/')) return jsonResponse(200, { consultations: server.records })
      if (url === '/api/agentCommunication' && init?.method === 'POST') {
        return new Promise<Response>((resolve) => {
          server.answer = (status, body) => resolve(jsonResponse(status, body))
        })
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND })
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderPage({ outOfCredits = false } = {}) {
  const props = {
    onOpenSources: vi.fn<(entry: ChatEntry) => void>(),
    onBuyCredits: vi.fn(),
  }
  renderWithTheme(
    <ChatConversation
      sessionId="s-1"
      agentId="general"
      country="PE"
      focusMessage={null}
      onFocused={() => {}}
      onConversation={() => {}}
      onSent={() => {}}
      outOfCredits={outOfCredits}
      intro={false}
      {...props}
    />,
  )
  return props
}

function ask(text: string) {
  fireEvent.change(screen.getByLabelText('Escribe tu consulta'), { target: { value: text } })
  fireEvent.click(screen.getByTestId('chat-send'))
}

const answered = (over: Partial<AgentResponse> = {}): AgentResponse => ({
  answer: ANSWER,
  history_id: 7,
  skip_credit_deduction: false,
  agent_id: 'general',
  state: 'charged',
  context_leyes: [law],
  context_sentencias: [],
  credits: {
    remaining_credits: 9,
    total_credits: 10,
    messages_sent: 1,
    updated_at: new Date().toISOString(),
    user_id: 'u-1',
  },
  ...over,
})

const recordOf = (res: AgentResponse): ConsultationRecord => ({
  history_id: res.history_id,
  session_id: 's-1',
  agent_id: res.agent_id,
  question: QUESTION,
  answer: res.answer,
  partial_answer: null,
  context_leyes: res.context_leyes,
  context_sentencias: res.context_sentencias,
  cost: 1,
  state: 'charged',
  outcome: 'answered',
  created_at: new Date().toISOString(),
  finished_at: new Date().toISOString(),
})

describe('the chat page', () => {
  it('greets an empty session and waits for a question', async () => {
    renderPage()
    expect(await screen.findByText('¿En qué te puedo ayudar?')).toBeTruthy()
    expect(screen.queryByTestId('agent-message')).toBeNull()
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(true)
  })

  it('shows the question and a waiting answer while the agent works, and no second question goes', async () => {
    renderPage()
    ask(QUESTION)
    expect((await screen.findByTestId('user-message')).textContent).toBe(QUESTION)
    expect(screen.getByTestId('loading-indicator')).toBeTruthy()
    expect(screen.getByText('Esperando respuesta...')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Escribe tu consulta'), { target: { value: 'otra consulta' } })
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(true)
  })

  it('shows the answer with its sources button, which opens that answer’s sources', async () => {
    const { onOpenSources } = renderPage()
    ask(QUESTION)
    await waitFor(() => expect(server.answer).not.toBeNull())
    const res = answered()
    server.records = [recordOf(res)]
    server.answer!(200, res)
    const answer = await screen.findByTestId('agent-message')
    await waitFor(() => expect(answer.textContent).toContain('El mandato presidencial dura cinco años'))
    expect(screen.queryByTestId('loading-indicator')).toBeNull()
    fireEvent.click(within(answer).getByRole('button', { name: 'Fuentes (1)' }))
    expect(onOpenSources).toHaveBeenCalledWith(
      expect.objectContaining({ content: ANSWER, context_leyes: [law] }),
    )
  })

  it('says why a question got no answer, in Spanish, and lets the next one go', async () => {
    renderPage()
    ask(QUESTION)
    await waitFor(() => expect(server.answer).not.toBeNull())
    server.answer!(502, { code: 'COMMUNICATION_ERROR', message: ERROR_MESSAGES.COMMUNICATION_ERROR })
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_MESSAGES.COMMUNICATION_ERROR)
    expect(screen.queryByTestId('loading-indicator')).toBeNull()
    fireEvent.change(screen.getByLabelText('Escribe tu consulta'), { target: { value: 'otra consulta' } })
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(false)
  })

  it('without credits, says so under the box and offers the plans instead of sending', async () => {
    const { onBuyCredits } = renderPage({ outOfCredits: true })
    fireEvent.change(screen.getByLabelText('Escribe tu consulta'), { target: { value: QUESTION } })
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(true)
    expect(screen.getByText(NO_CREDITS_MESSAGE)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Adquirir creditos' }))
    expect(onBuyCredits).toHaveBeenCalledTimes(1)
    expect(server.answer).toBeNull()
  })
})
