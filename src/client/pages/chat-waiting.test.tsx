// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithTheme } from '../test/render'
import { ChatWaiting } from './chat-waiting'

afterEach(cleanup)

describe('ChatWaiting', () => {
  it("draws the chat's frame with its empty conversation and a question box that takes nothing yet", () => {
    renderWithTheme(<ChatWaiting />)
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('complementary', { name: 'Historial de chats' })).toBeTruthy()
    const main = screen.getByRole('main')
    expect(main.textContent).toContain('¿En qué te puedo ayudar?')
    expect(main.textContent).toContain('Pregunta como lo dirías a un abogado')
    expect(screen.getByLabelText<HTMLTextAreaElement>('Escribe tu consulta').disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar' }).disabled).toBe(true)
  })

  it('holds nothing of anyone: no link or control besides the disabled question box', () => {
    const { container } = renderWithTheme(<ChatWaiting />)
    // The build sends this markup to every signed-in visitor (decision 0036).
    expect(container.querySelectorAll('a, input, select, img')).toHaveLength(0)
    expect(container.textContent).not.toMatch(/@|crédito/)
  })
})
