// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react'
import { fireEvent, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PASSWORD_TOO_SHORT } from '../../shared/password-rule'
import { getSystem } from '../app/theme'
import { SignUpForm } from '../features/auth/components/sign-up-form'
import { type AuthActions, AuthContext } from '../features/auth/context'
import { watchPrerenderedForm } from '../lib/prerendered-form'
import { stubFetch } from '../test/fetch-stub'
import { fieldShape } from '../test/field-shape'
import { renderWithTheme } from '../test/render'
import { AuthFormPage } from './prerender-pages'

const server = stubFetch()

/** /auth's form page for a tab as the build writes its markup, in the document, watched by the page's script. */
function servePage(tab: 'sign-in' | 'sign-up') {
  const markup = renderToString(
    <ChakraProvider value={getSystem()}>
      <MemoryRouter>
        <AuthFormPage tab={tab} />
      </MemoryRouter>
    </ChakraProvider>,
  )
  document.body.innerHTML = `<div id="root">${markup}</div>`
  const root = document.getElementById('root') as HTMLElement
  const onUse = vi.fn()
  expect(watchPrerenderedForm(root, onUse)).toBe(true)
  const form = root.querySelector('form') as HTMLFormElement
  const input = (name: string) => form.querySelector(`input[name="${name}"]`) as HTMLInputElement
  const type = (name: string, value: string) => {
    input(name).value = value
    input(name).dispatchEvent(new Event('input', { bubbles: true }))
  }
  return { root, form, input, type, onUse, state: () => window.__lexiaPrerenderedForm }
}

const fieldOf = (input: HTMLInputElement) => input.closest('[data-part="root"]') as Element

afterEach(() => {
  document.body.innerHTML = ''
  delete window.__lexiaPrerenderedForm
})

describe("the prerendered /auth form's held submit (decision 0041)", () => {
  it("shows the app's own refusal of a short new password at once, never the sending state, and clears it as the app does", () => {
    const page = servePage('sign-up')
    const asServed = fieldShape(fieldOf(page.input('new-password')))
    page.type('email', 'ana@ejemplo.pe')
    page.type('new-password', '12345')
    page.form.requestSubmit()

    const submit = page.form.querySelector('button[type="submit"]') as HTMLButtonElement
    expect(submit.textContent).toBe('Crear cuenta')
    expect(submit.disabled).toBe(false)
    expect(submit.hasAttribute('data-loading')).toBe(false)
    const input = page.input('new-password')
    const field = fieldOf(input)
    const error = field.querySelector('[data-part="error-text"]') as HTMLElement
    expect(error.textContent).toBe(PASSWORD_TOO_SHORT)
    expect(error.id).toBe(`field::${input.id}::error-text`)
    expect(error.getAttribute('aria-live')).toBe('polite')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-errormessage')).toBe(error.id)
    expect(field.querySelector('label')?.hasAttribute('data-invalid')).toBe(true)
    expect(field.querySelector('[data-part="helper-text"]')).toBeNull()
    // The same input element: what was typed, and the focus, stay.
    expect(input.value).toBe('12345')
    expect(page.state()).toMatchObject({ submitted: false, refused: true })
    expect(page.onUse).toHaveBeenCalled()

    // Still too short: still refused. Long enough: the field as it was served, as the app's onChange clears it.
    page.type('new-password', '1234')
    expect(page.state()?.refused).toBe(true)
    page.type('new-password', '123456')
    expect(fieldShape(fieldOf(page.input('new-password')))).toEqual(asServed)
    expect(page.state()?.refused).toBe(false)

    // Now the app would send it: the sending state.
    page.form.requestSubmit()
    expect(page.state()).toMatchObject({ submitted: true, refused: false })
    const sending = page.form.querySelector('button[type="submit"]') as HTMLButtonElement
    expect(sending.disabled).toBe(true)
    expect(sending.textContent).toBe('Creando tu cuenta…')
  })

  it("draws the refused field as the app's sign-up form draws it", async () => {
    const page = servePage('sign-up')
    page.type('new-password', '12345')
    page.form.requestSubmit()
    const prerendered = page.input('new-password')
    const pageField = fieldShape(fieldOf(prerendered))
    document.body.innerHTML = ''

    server.answer = () => Response.json({})
    const signUp = vi.fn()
    const app = renderWithTheme(
      <MemoryRouter>
        <AuthContext.Provider value={{ signUp } as unknown as AuthActions}>
          <SignUpForm />
        </AuthContext.Provider>
      </MemoryRouter>,
    )
    const input = app.container.querySelector('input[name="new-password"]') as HTMLInputElement
    fireEvent.change(input, { target: { value: '12345' } })
    fireEvent.submit(input.form as HTMLFormElement)
    await waitFor(() => expect(input.getAttribute('aria-errormessage')).toBeTruthy())
    expect(fieldShape(fieldOf(input))).toEqual(pageField)
    expect(signUp).not.toHaveBeenCalled()
    app.unmount()
  })

  it('holds a sign-in with an empty e-mail in the sending state: the app checks nothing on sign-in (spec §5)', () => {
    const page = servePage('sign-in')
    page.form.requestSubmit()
    expect(page.state()).toMatchObject({ submitted: true, refused: false })
    const submit = page.form.querySelector('button[type="submit"]') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    expect(submit.textContent).toBe('Entrando…')
  })
})
