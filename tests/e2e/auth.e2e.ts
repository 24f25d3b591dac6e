import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldShape } from '../../src/client/test/field-shape'
import {
  baseUrl,
  closeFirstLoginHelp,
  createAccount,
  latestMail,
  launchBrowser,
  newPage,
  signInThroughUi,
  signOutThroughMenu,
  uniqueEmail,
} from './fixtures'

describe('accounts in the browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('signs up, confirms from the mailbox, reaches the guarded chat and signs out', async () => {
    const { page, context } = await newPage(browser)
    const email = uniqueEmail('signup')
    const signups: unknown[] = []
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Crear cuenta' }).click()
    const form = page.getByTestId('sign-up-form')
    await form.getByLabel('Correo electrónico').fill(email)
    await form.getByLabel('Contraseña').fill('clave-segura-1')
    await form.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect.poll(() => page.getByTestId('auth-notice').textContent()).toContain(email)
    signups.push(
      ...(await page.evaluate(() =>
        (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.filter(
          (e) => e.event === 'signup',
        ),
      )),
    )
    expect(signups).toEqual([expect.objectContaining({ event: 'signup', email })])

    // The mailbox page lists the message; its link confirms and signs in.
    // Found by its address: other files' flows run beside this one on the same server and mailbox.
    await page.goto('/dev/correo')
    const listed = page.getByTestId('mail').filter({ hasText: email })
    await listed.waitFor()
    // The message itself opens in a sandboxed srcdoc frame, under the page's policy.
    await listed.getByText('Ver el mensaje').click()
    await expect.poll(() => listed.frameLocator('iframe').locator('h1').textContent()).toBe('Lexia')
    const mail = await latestMail(email, 'Confirma')
    // Count 'first-login' events on every page of this tab, from before the app's own scripts run.
    await context.addInitScript(() => {
      window.addEventListener('first-login', () => {
        sessionStorage.setItem(
          'e2e-first-login',
          String(Number(sessionStorage.getItem('e2e-first-login') ?? 0) + 1),
        )
      })
    })
    await page.goto(mail.links[0]!)
    await page.waitForURL('**/protected/chat')
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(email)
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-first-login'))).toBe('1')
    // The first login opens the help (spec §2), once.
    await closeFirstLoginHelp(page)
    await page.reload()
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(email)
    expect(await page.getByTestId('help-dialog').count()).toBe(0)
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-first-login'))).toBe('1')
    // Nor in a new tab of the same first session (its own sessionStorage, the same account).
    const tab = await context.newPage()
    await tab.goto('/protected/chat')
    await expect.poll(() => tab.getByTestId('user-menu').textContent()).toContain(email)
    await tab.getByTestId('chat-input').waitFor()
    expect(await tab.getByTestId('help-dialog').count()).toBe(0)
    expect(await tab.evaluate(() => sessionStorage.getItem('e2e-first-login'))).toBeNull()
    // 'Instrucciones' still opens it there.
    await tab.getByRole('button', { name: 'Instrucciones' }).click()
    await tab.getByTestId('help-dialog').waitFor()
    await tab.close()

    // Sign-out ends in a full reload of /auth: it waits for that load, not just the URL.
    await signOutThroughMenu(page)
    await page.waitForURL('**/auth')
    await page.getByTestId('sign-in-form').waitFor()
    await page.goto('/protected/chat')
    await page.waitForURL('**/auth')

    await signInThroughUi(page, email, 'clave-segura-1')
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(email)
    await context.close()
    // The one flow that signs up for real: two pages, the mailbox and two sign-ins (slow on a busy machine).
  }, 120_000)

  /** The app's download, start and first render: well over expect.poll's default second on a loaded run. */
  const APP_START = { timeout: 15_000 }

  /**
   * /auth without a session cookie is the form itself, usable before the app (decision 0040): the app's entry is held
   * here until `release`, so what is done on the page meanwhile is done on the prerendered form.
   */
  async function holdTheApp(page: Page) {
    const held: Route[] = []
    let released = false
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => {
      if (released) return route.continue()
      held.push(route)
    })
    return {
      started: () => page.evaluate(() => document.getElementById('lexia-app-scripts') === null),
      release: async () => {
        released = true
        for (const route of held.splice(0)) await route.continue()
      },
      /** The app has drawn its form over the prerendered one and taken what was done on it. */
      takenOver: () => page.evaluate(() => window.__lexiaPrerenderedForm?.taken === true),
    }
  }

  it('keeps what was typed in the prerendered form, the focus and the caret, when the app takes over', async () => {
    const { email, password } = await createAccount({ tag: 'prerendered' })
    const { page, context } = await newPage(browser)
    const app = await holdTheApp(page)
    await page.goto('/auth')
    const form = page.getByTestId('sign-in-form')
    expect(await form.getAttribute('method')).toBe('post')
    expect(await app.started()).toBe(false)
    // Typed before the app exists: the first focus asks for it, and it is held.
    await form.getByLabel('Correo electrónico').fill(email)
    expect(await app.started()).toBe(true)
    const field = form.getByLabel('Contraseña')
    await field.click()
    await page.keyboard.type(`${password.slice(0, -2)}${password.slice(-1)}`)
    await page.keyboard.press('ArrowLeft')
    expect(await app.takenOver()).toBe(false)

    await app.release()
    // The app's download, start and first render: well over expect.poll's default second on a loaded run.
    await expect.poll(app.takenOver, { timeout: 15_000 }).toBe(true)
    // The app's own inputs (React's), with the values, the focus and the caret where they were.
    expect(await form.getByLabel('Correo electrónico').inputValue()).toBe(email)
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement
        return { name: el.name, caret: el.selectionStart, value: el.value }
      })
    // Focus and caret are put back just after the values, before the frame is painted.
    await expect.poll(focused).toEqual({
      name: 'password',
      caret: password.length - 2,
      value: `${password.slice(0, -2)}${password.slice(-1)}`,
    })
    // Typing goes on where it was, into React's state: the password, whole, signs in.
    await page.keyboard.type(password.at(-2)!)
    expect(await field.inputValue()).toBe(password)
    await form.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL('**/protected/chat')
    await context.close()
  })

  it('holds a submit made before the app has started, then sends it from the app, never natively', async () => {
    const { email, password } = await createAccount({ tag: 'held' })
    const { page, context } = await newPage(browser)
    const app = await holdTheApp(page)
    const documents: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(`${r.method()} ${r.url()}`)
    })
    await page.goto('/auth')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill(password)
    // No fixed wait for a native submit that might come: the list of documents loaded, checked at the end, would hold it.
    await page.getByLabel('Contraseña').press('Enter')
    expect(await app.takenOver()).toBe(false)
    expect(new URL(page.url()).search).toBe('')
    // Meanwhile its button shows the app's sending state (decision 0041): disabled, its spinner and text.
    const submit = page.getByTestId('sign-in-submit')
    /** The button's attributes (in any order) and content. */
    const sendingState = (button: Element) => ({
      attributes: [...button.attributes].map((a) => `${a.name}=${a.value}`).sort(),
      html: button.innerHTML,
    })
    const prerenderedSending = await submit.evaluate(sendingState)
    expect(await submit.isDisabled()).toBe(true)
    expect(await submit.getAttribute('data-loading')).toBe('')
    expect(await submit.textContent()).toBe('Entrando…')
    expect(await submit.locator('.chakra-spinner').count()).toBe(1)

    // The app's own button while it sends is the same: the sign-in's answer is held until it has been read.
    let answer: () => Promise<void> = async () => {}
    const signInHeld = new Promise<void>((resolve) => {
      void page.route('**/api/auth/sign-in/email', (route) => {
        answer = () => route.continue()
        resolve()
      })
    })
    await app.release()
    await signInHeld
    await expect.poll(app.takenOver, APP_START).toBe(true)
    expect(await submit.evaluate(sendingState)).toEqual(prerenderedSending)
    await answer()
    await page.waitForURL('**/protected/chat')
    // One page load: the form was never sent by the browser (no GET with the password, no POST).
    expect(documents).toEqual([`GET ${new URL('/auth', page.url())}`])
    await context.close()
  })

  it('shows the sending state of the sign-up form for a submit held before the app, which the app then sends', async () => {
    const { page, context } = await newPage(browser)
    const app = await holdTheApp(page)
    await page.goto('/auth?type=sign-up')
    const form = page.getByTestId('sign-up-form')
    const email = uniqueEmail('held-signup')
    await form.getByLabel('Correo electrónico').fill(email)
    await form.getByLabel('Contraseña').fill('clave-segura-1')
    await form.getByRole('button', { name: 'Crear cuenta' }).click()
    const submit = page.getByTestId('sign-up-submit')
    expect(await submit.isDisabled()).toBe(true)
    expect(await submit.textContent()).toBe('Creando tu cuenta…')
    await app.release()
    await expect.poll(() => page.getByTestId('sign-up-sent').isVisible(), APP_START).toBe(true)
    await context.close()
  })

  /** Resolves after the next frame, and after anything the app's takeover does in it (its own check, a submit). */
  const nextFrame = (page: Page) =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))))

  it("shows the app's refusal of a held sign-up with a short password at once, never the sending state, and sends nothing", async () => {
    const { page, context } = await newPage(browser)
    const app = await holdTheApp(page)
    let posted = false
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/sign-up')) posted = true
    })
    await page.goto('/auth?type=sign-up')
    const form = page.getByTestId('sign-up-form')
    await form.getByLabel('Correo electrónico').fill(uniqueEmail('held-short'))
    const password = form.getByLabel('Contraseña')
    await password.fill('12345')
    await form.getByRole('button', { name: 'Crear cuenta' }).click()
    // The app is held: the page itself answers, as the app's own check would (spec §5's rule, shared).
    expect(await app.takenOver()).toBe(false)
    const submit = page.getByTestId('sign-up-submit')
    expect(await submit.isDisabled()).toBe(false)
    expect(await submit.getAttribute('data-loading')).toBeNull()
    expect(await submit.textContent()).toBe('Crear cuenta')
    const message = 'La contraseña debe tener al menos 6 caracteres'
    expect(await form.locator('[data-part="error-text"]').textContent()).toBe(message)
    expect(await password.getAttribute('aria-invalid')).toBe('true')
    const field = form.locator('[data-part="root"]:has(input[name="new-password"])')
    const onThePage = await field.evaluate(fieldShape)

    await app.release()
    await expect.poll(app.takenOver, APP_START).toBe(true)
    await nextFrame(page)
    // The app's own form, its check run on the held submit: the same field, the same error, the value kept.
    await expect.poll(() => field.evaluate(fieldShape)).toEqual(onThePage)
    expect(await password.inputValue()).toBe('12345')
    expect(await submit.isDisabled()).toBe(false)
    expect(posted).toBe(false)
    // Long enough now: the app's field clears its error.
    await password.fill('123456')
    expect(await form.locator('[data-part="error-text"]').count()).toBe(0)
    await context.close()
  })

  it('holds a sign-in with an empty e-mail in the sending state and lets the app send it: sign-in checks nothing on the client (spec §5)', async () => {
    const { page, context } = await newPage(browser)
    const app = await holdTheApp(page)
    const signIns: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/sign-in')) signIns.push(r.method())
    })
    await page.goto('/auth')
    const form = page.getByTestId('sign-in-form')
    await form.getByLabel('Contraseña').fill('clave-segura-1')
    await form.getByLabel('Contraseña').press('Enter')
    const submit = page.getByTestId('sign-in-submit')
    expect(await submit.isDisabled()).toBe(true)
    expect(await submit.textContent()).toBe('Entrando…')
    await app.release()
    // The server's answer, in Spanish, as the app shows it for the same input.
    await expect
      .poll(() => page.getByTestId('auth-error').textContent(), APP_START)
      .toBe('El correo electrónico no es válido')
    expect(signIns).toEqual(['POST'])
    expect(await submit.isDisabled()).toBe(false)
    await context.close()
  })

  it('opens the tab chosen before the app has started, once it has', async () => {
    const { page, context } = await newPage(browser)
    const app = await holdTheApp(page)
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Crear cuenta' }).click()
    expect(await app.takenOver()).toBe(false)
    await app.release()
    await page.getByTestId('sign-up-form').waitFor()
    expect(new URL(page.url()).search).toBe('?type=sign-up')
    await context.close()
  })

  it('moves to the tab an arrow key names before the app has started, and selects it once it has', async () => {
    for (const [path, key, from, to, form, search] of [
      ['/auth', 'ArrowRight', 'Iniciar sesión', 'Crear cuenta', 'sign-up-form', '?type=sign-up'],
      ['/auth?type=sign-up', 'ArrowLeft', 'Crear cuenta', 'Iniciar sesión', 'sign-in-form', ''],
    ] as const) {
      const { page, context } = await newPage(browser)
      const focusedTab = () =>
        page.evaluate(() => {
          const el = document.activeElement
          return {
            role: el?.getAttribute('role'),
            name: el?.textContent,
            selected: el?.getAttribute('aria-selected'),
          }
        })
      const app = await holdTheApp(page)
      await page.goto(path)
      await page.getByRole('tab', { name: from }).focus()
      expect(await app.started(), path).toBe(true)
      await page.keyboard.press(key)
      // Focus moves at once, as in the app; the tab is selected when the app is up.
      expect(await focusedTab(), path).toEqual({ role: 'tab', name: to, selected: 'false' })
      expect(await app.takenOver(), path).toBe(false)
      await app.release()
      await page.getByTestId(form).waitFor({ timeout: APP_START.timeout })
      expect(new URL(page.url()).search, path).toBe(search)
      await expect.poll(focusedTab).toEqual({ role: 'tab', name: to, selected: 'true' })
      // The app's tabs take the next key themselves.
      await page.keyboard.press(key)
      await expect.poll(focusedTab).toEqual({ role: 'tab', name: from, selected: 'true' })
      await context.close()
    }
  })

  it('sends anyone without a session from every guarded page to /auth', async () => {
    const { page, context } = await newPage(browser)
    for (const path of [
      '/chat',
      '/protected/chat',
      '/protected/help',
      '/help',
      '/protected/pdf_viewer?file=x&page=2',
    ]) {
      await page.goto(path)
      await page.waitForURL('**/auth', { timeout: 10_000 })
    }
    await context.close()
  })

  it('shows the short-password message and sends nothing', async () => {
    const { page, context } = await newPage(browser)
    let posted = false
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/sign-up')) posted = true
    })
    await page.goto('/auth?type=sign-up')
    const form = page.getByTestId('sign-up-form')
    await form.getByLabel('Correo electrónico').fill(uniqueEmail('short'))
    await form.getByLabel('Contraseña').fill('12345')
    await form.getByRole('button', { name: 'Crear cuenta' }).click()
    // Shown by the page at once, or by the app if it was already up; on a loaded machine either can be slow.
    await expect
      .poll(() => form.textContent(), APP_START)
      .toContain('La contraseña debe tener al menos 6 caracteres')
    // Nothing sent, by the page or by the app's own check of the held submit once it has taken over.
    await expect
      .poll(() => page.evaluate(() => window.__lexiaPrerenderedForm?.taken === true), APP_START)
      .toBe(true)
    await nextFrame(page)
    expect(await form.textContent()).toContain('La contraseña debe tener al menos 6 caracteres')
    expect(posted).toBe(false)
    await context.close()
  })

  it('refuses an unconfirmed sign-in in Spanish and resends the confirmation', async () => {
    const { page, context } = await newPage(browser)
    const email = uniqueEmail('pending')
    const res = await fetch(`${baseUrl()}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ email, password: 'clave-segura-1' }),
    })
    expect(res.status).toBe(200)
    await page.goto('/auth')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill('clave-segura-1')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect.poll(() => page.getByTestId('auth-error').textContent()).toContain('confirmar tu correo')
    await page.getByRole('button', { name: 'Reenviar correo de confirmación' }).click()
    // A locator wait (strict: exactly one such notice), not a 1 s poll: the resend is slow on a loaded machine.
    await page.getByText('Te reenviamos el correo de confirmación.').waitFor()
    await context.close()
  })

  it('says the same thing for a wrong password and an unknown e-mail', async () => {
    const { email } = await createAccount()
    const { page, context } = await newPage(browser)
    const messageFor = async (address: string) => {
      await page.goto('/auth')
      await page.getByLabel('Correo electrónico').fill(address)
      await page.getByLabel('Contraseña').fill('no-es-la-clave')
      await page.getByRole('button', { name: 'Entrar' }).click()
      return page.getByTestId('auth-error').textContent()
    }
    const wrong = await messageFor(email)
    const unknown = await messageFor(uniqueEmail('nadie'))
    expect(wrong).toBe('Correo electrónico o contraseña incorrectos')
    expect(unknown).toBe(wrong)
    await context.close()
  })

  it('resets the password from the e-mail link, then signs in with the new one', async () => {
    const { email, password } = await createAccount()
    const { page, context } = await newPage(browser)
    await page.goto('/auth')
    await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click()
    const form = page.getByTestId('forgot-password-form')
    await form.getByLabel('Correo electrónico').fill(email)
    await form.getByRole('button').click()
    await expect.poll(() => page.getByTestId('auth-notice').textContent()).toContain('Si existe una cuenta')

    const mail = await latestMail(email, 'Restablece')
    const link = mail.links.find((l) => l.includes('type=update-password'))!
    await page.goto(link)
    await page.getByLabel('Nueva contraseña').fill('123')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await expect
      .poll(() => page.getByTestId('update-password-form').textContent())
      .toContain('La contraseña debe tener al menos 6 caracteres')
    await page.getByLabel('Nueva contraseña').fill('nueva-clave-2')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await expect
      .poll(() => page.getByTestId('auth-notice').textContent())
      .toContain('Tu contraseña fue actualizada')

    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill(password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect
      .poll(() => page.getByTestId('auth-error').textContent())
      .toBe('Correo electrónico o contraseña incorrectos')
    await signInThroughUi(page, email, 'nueva-clave-2')

    // The link was spent.
    await page.goto(link)
    await page.getByLabel('Nueva contraseña').fill('otra-clave-3')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await expect
      .poll(() => page.getByTestId('auth-error').textContent())
      .toBe('El código de verificación ha expirado o es inválido')
    await context.close()
  })
})
