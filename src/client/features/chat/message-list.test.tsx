// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getSystem } from '../../app/theme'
import type { ChatEntry, Pending } from './chat-types'
import { MessageList } from './message-list'

const ANSWER =
  '**En resumen:** el mandato presidencial dura cinco años [1].\n\n### Lo que dice la norma\n\n> El mandato presidencial es de cinco años [1].'

const question: ChatEntry = {
  id: 'q-1',
  role: 'user',
  content: 'cuánto dura el mandato presidencial',
  historyId: null,
  context_leyes: [],
  context_sentencias: [],
}
const answer: ChatEntry = { ...question, id: 'a-1', role: 'agent', content: ANSWER }
const pending = (partial: string | null): Pending => ({
  sessionId: 's',
  startedAt: Date.now(),
  partial,
  historyId: null,
})

const wrap = (ui: ReactNode) => <ChakraProvider value={getSystem()}>{ui}</ChakraProvider>
const list = (entries: ChatEntry[], p: Pending | null) =>
  wrap(<MessageList sessionId="s" entries={entries} pending={p} onOpenSources={() => {}} />)

/** The answer's box and its rendered Markdown: what a person sees of it. */
function bubble(testId: string) {
  const box = screen.getByTestId(testId)
  const markdown = box.querySelector('.lexia-markdown')
  return { box, markdown }
}

afterEach(cleanup)

describe('MessageList before the Markdown renderer has loaded', () => {
  // A lazy component's first render always waits for it, as on a page just opened with its history.
  it('shows a final answer as plain text, without its markers', () => {
    render(list([question, answer], null))
    expect(screen.getByTestId('agent-message').querySelector('.lexia-markdown')).toBeNull()
    const text = screen.getByTestId('agent-message').textContent ?? ''
    expect(text).toContain('En resumen: el mandato presidencial dura cinco años')
    expect(text).not.toMatch(/\*\*|###|\[1\]/)
  })
})

// The renderer is loaded lazily, as in the app; loading it once here keeps the waits below short.
beforeAll(async () => {
  await import('../../components/markdown')
})

describe('MessageList while an answer streams', () => {
  it('waits, then renders the partial answer as Markdown with no raw markers', async () => {
    const view = render(list([question], pending(null)))
    expect(screen.getByTestId('loading-text').textContent).toBe('Esperando respuesta...')

    view.rerender(list([question], pending('**En resumen:** el mandato presidencial dura **cinco')))
    await waitFor(() => expect(bubble('loading-indicator').markdown).not.toBeNull())
    const text = screen.getByTestId('loading-text').textContent ?? ''
    expect(text).toBe('En resumen: el mandato presidencial dura cinco')
    expect(bubble('loading-indicator').markdown?.querySelectorAll('strong')).toHaveLength(2)

    view.rerender(list([question], pending(`${ANSWER.slice(0, 80)}\n\n###`)))
    expect(screen.getByTestId('loading-text').textContent).not.toMatch(/\*|#|\[1$/)
    expect(screen.getByTestId('loading-text').textContent).toContain('cinco años [1].')
  })

  it('replaces the partial answer by the final one with the same box and the same markup', async () => {
    const view = render(list([question], pending(ANSWER)))
    await waitFor(() => expect(bubble('loading-indicator').markdown).not.toBeNull())
    const partial = bubble('loading-indicator')
    const partialHtml = partial.markdown?.outerHTML
    const partialBoxClass = partial.box.className
    // The citation markers are plain text in both, as the server wrote them.
    expect(partial.markdown?.textContent).toContain('[1]')

    view.rerender(list([question, answer], null))
    expect(screen.queryByTestId('loading-indicator')).toBeNull()
    const final = bubble('agent-message')
    expect(final.markdown?.outerHTML).toBe(partialHtml)
    expect(final.box.className).toBe(partialBoxClass)
    // The footer row keeps its place: the timer and bar give way to the buttons in a row of the same height.
    expect(final.box.lastElementChild?.className).toBe(partial.box.lastElementChild?.className)
    expect(screen.getByTestId('open-sources').textContent).toBe('Fuentes (0)')
  })
})
