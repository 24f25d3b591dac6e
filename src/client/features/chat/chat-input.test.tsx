// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { USER_INPUT_MAX_LENGTH, USER_INPUT_TOO_LONG_MESSAGE } from '../../../shared/consultation-schemas'
import { renderWithTheme } from '../../test/render'
import { NO_CREDITS_MESSAGE } from '../credits'
import { ChatInput } from './chat-input'

type Options = { disabled?: boolean; outOfCredits?: boolean; onBuyCredits?: () => void }

function renderInput({ disabled = false, outOfCredits = false, onBuyCredits }: Options = {}) {
  const onSend = vi.fn()
  renderWithTheme(
    <ChatInput disabled={disabled} onSend={onSend} outOfCredits={outOfCredits} onBuyCredits={onBuyCredits} />,
  )
  const box = screen.getByTestId<HTMLTextAreaElement>('chat-input')
  return { onSend, box }
}

const type = (box: HTMLTextAreaElement, text: string) => fireEvent.change(box, { target: { value: text } })
const pressEnter = (box: HTMLTextAreaElement) => fireEvent.keyDown(box, { key: 'Enter' })
const sendButton = () => screen.getByTestId<HTMLButtonElement>('chat-send')

/** The ids the box points to with aria-describedby, read as their text. */
const description = (box: HTMLElement) =>
  (box.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

afterEach(cleanup)

describe('ChatInput near the length limit', () => {
  it('shows no counter for an ordinary question, and sends it on Enter', () => {
    const { box, onSend } = renderInput()
    type(box, 'una consulta de prueba')
    expect(screen.queryByTestId('chat-input-counter')).toBeNull()
    expect(box.getAttribute('aria-describedby')).toBeNull()
    pressEnter(box)
    expect(onSend).toHaveBeenCalledWith('una consulta de prueba')
  })

  it('counts the characters left near 4000, and the box points to the count', () => {
    const { box } = renderInput()
    type(box, 'a'.repeat(USER_INPUT_MAX_LENGTH - 120))
    expect(screen.getByTestId('chat-input-counter').textContent).toBe('120 caracteres restantes')
    expect(description(box)).toBe('120 caracteres restantes')
    type(box, 'a'.repeat(USER_INPUT_MAX_LENGTH))
    expect(screen.getByTestId('chat-input-counter').textContent).toBe('0 caracteres restantes')
    expect(sendButton().disabled).toBe(false)
  })

  it('keeps a 5000-character paste whole, says what is wrong and does not send it', () => {
    const { box, onSend } = renderInput()
    const pasted = 'b'.repeat(5000)
    type(box, pasted)
    expect(box.value).toBe(pasted)
    // No maxlength: a browser would cut the paste silently before any of this could be said.
    expect(box.hasAttribute('maxlength')).toBe(false)
    expect(screen.getByRole('alert').textContent).toBe(`${USER_INPUT_TOO_LONG_MESSAGE}.`)
    expect(screen.getByTestId('chat-input-over').textContent).toContain('Sobran 1000 caracteres.')
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(sendButton().disabled).toBe(true)
    pressEnter(box)
    expect(onSend).not.toHaveBeenCalled()
    // Trimming it back under the limit makes it sendable again.
    type(box, pasted.slice(0, USER_INPUT_MAX_LENGTH))
    expect(screen.queryByRole('alert')).toBeNull()
    pressEnter(box)
    expect(onSend).toHaveBeenCalledWith(pasted.slice(0, USER_INPUT_MAX_LENGTH))
  })
})

describe('ChatInput at 0 credits', () => {
  it('says why Enter does nothing, next to the box, and offers the plans', () => {
    const onBuyCredits = vi.fn()
    const { box, onSend } = renderInput({ disabled: true, outOfCredits: true, onBuyCredits })
    type(box, 'una consulta de prueba')
    pressEnter(box)
    expect(onSend).not.toHaveBeenCalled()
    expect(screen.getByTestId('no-credits-notice').textContent).toContain(NO_CREDITS_MESSAGE)
    expect(description(box)).toBe(NO_CREDITS_MESSAGE)
    fireEvent.click(screen.getByRole('button', { name: 'Adquirir creditos' }))
    expect(onBuyCredits).toHaveBeenCalledOnce()
  })

  it('shows no credit line while credits remain', () => {
    renderInput()
    expect(screen.queryByTestId('no-credits-notice')).toBeNull()
  })
})
