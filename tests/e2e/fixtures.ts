import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { Hono } from 'hono'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { expect, inject, onTestFinished } from 'vitest'
import {
  TEST_SIGN_IN_PATH,
  type TestSignInRequest,
  type TestSignInResponse,
} from '../../src/server/auth/test-sign-in-routes'
import { loadConfig } from '../../src/server/config'
import { securityHeaders } from '../../src/server/http/security-headers'

export const baseUrl = () => inject('baseUrl')
export const serverDataDir = () => inject('dataDir')

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: 'es-PE',
  })
  await fakeThirdParties(context)
  const cspViolations = await watchCspViolations(context)
  const page = await context.newPage()
  return { context, page, cspViolations }
}

/**
 * Every Content-Security-Policy violation in the context's pages, from the DOM's 'securitypolicyviolation' event and
 * from Chromium's console report of it. The test that opened the context fails at its end if any is left: a
 * flow that works only because nothing was blocked would break for real users. A test that provokes one on
 * purpose empties the array.
 */
async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = []
  await context.exposeBinding('__lexiaCspViolation', (source, text: string) => {
    violations.push(`${source.page?.url() ?? '?'}: ${text}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __lexiaCspViolation?: (text: string) => void })
        .__lexiaCspViolation
      report?.(
        `${e.effectiveDirective} bloqueó ${e.blockedURI || 'inline'} en ${e.sourceFile}:${e.lineNumber}`,
      )
    })
  })
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`)
  })
  onTestFinished(() => {
    if (violations.length > 0)
      throw new Error(`Violaciones de la Content-Security-Policy:\n${violations.join('\n')}`)
  })
  return violations
}

export const WIDGET_SRC = 'https://widget.lexia.test/widget.js'

/**
 * The tag manager and the support widget are real third-party scripts in production. Here the browser never
 * leaves the machine: their URLs are answered with small stand-ins that leave a visible trace.
 */
async function fakeThirdParties(context: BrowserContext) {
  // Anything else outside this machine fails at once. Registered first: later routes take precedence.
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort())
  await context.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "window.dataLayer.push({ event: 'e2e.gtm-loaded' })",
    }),
  )
  await context.route(WIDGET_SRC, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "const w = document.createElement('div'); w.id = 'fake-support-widget'; w.textContent = 'Soporte'; document.body.appendChild(w)",
    }),
  )
}

/**
 * The e2e server runs the payments sandbox. A test that shows the browser another configuration (Mercado Pago
 * keys) gives its pages the policy the server would send with that configuration, built by the server's own code,
 * so the flow is checked against the real policy rather than failing on the sandbox's.
 */
export async function usePolicyOf(context: BrowserContext, env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: baseUrl(),
    AUTH_SECRET: 'x'.repeat(40),
    DATA_DIR: serverDataDir(),
    GTM_ID: 'GTM-E2ETEST',
    SUPPORT_WIDGET_SRC: WIDGET_SRC,
    ...env,
  })
  const origin = new URL(baseUrl()).origin
  await context.route(
    (url) => url.origin === origin && !/^\/(api|assets|dev)\//.test(url.pathname),
    async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      const app = new Hono().use(securityHeaders(config, [html])).get('*', (c) => c.text(''))
      const policy = (await app.request('/')).headers.get('content-security-policy')!
      // The body comes back decoded: it is sent on as it is, without the encoding headers of the original.
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers()
      await route.fulfill({
        response,
        body: html,
        headers: { ...headers, 'content-security-policy': policy },
      })
    },
  )
}

/** Unique across the files running in parallel (each its own worker), not just within one. */
export const uniqueEmail = (tag = 'e2e') => `${tag}-${randomUUID().slice(0, 13)}@ejemplo.pe`

type Mail = { id: number; to: string; subject: string; text: string; links: string[]; createdAt: string }

/** The newest message for an address in the embedded mailbox, polling until it arrives. */
export async function latestMail(to: string, subjectIncludes?: string): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${baseUrl()}/dev/correo/messages.json`)).json()) as Mail[]
        found = all.find((m) => m.to === to && (!subjectIncludes || m.subject.includes(subjectIncludes)))
        return found
      },
      { timeout: 10_000, message: `No llegó correo para ${to}` },
    )
    .toBeDefined()
  return found!
}

/**
 * The account the e2e server makes an admin (global-setup's ADMIN_EMAILS): the role is granted when its first
 * session is created, as an operator's would be at sign-in. Only admin.e2e.ts creates it.
 */
export const E2E_ADMIN_EMAIL = 'admin-e2e@ejemplo.pe'

export type Account = {
  email: string
  password: string
  userId: string
  cookie: TestSignInResponse['cookie']
}

/**
 * A new confirmed account with a session, made by the server's own auth code through its test-only route
 * (src/server/auth/test-sign-in-routes.ts): no mailbox, no form. auth.e2e.ts keeps the real sign-up; every other
 * flow starts here. `firstLogin` makes the session the account's first, so the app opens its help.
 */
export async function createAccount(
  options: { password?: string; firstLogin?: boolean; tag?: string; email?: string } = {},
): Promise<Account> {
  const email = options.email ?? uniqueEmail(options.tag ?? 'user')
  const password = options.password ?? 'clave-segura-1'
  const request: TestSignInRequest = { email, password, firstLogin: options.firstLogin ?? false }
  const res = await fetch(`${baseUrl()}${TEST_SIGN_IN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
  if (res.status !== 201) throw new Error(`${TEST_SIGN_IN_PATH} ${res.status}: ${await res.text()}`)
  const body = (await res.json()) as TestSignInResponse
  return { email, password, userId: body.userId, cookie: body.cookie }
}

/** Hands the browser the account's session cookie, as the server's sign-in would have set it. */
export async function signInAs(context: BrowserContext, account: Account) {
  await context.addCookies([
    { ...account.cookie, url: baseUrl(), httpOnly: true, sameSite: 'Lax', secure: false },
  ])
}

/**
 * A new signed-in account, its page on the chat. `live`: also waits for the realtime stream (/api/events) to be
 * open, for a flow that asks at once and needs the live events of its question (partial answers, the reserved
 * credit): the page came straight from the cookie, so the stream may still be connecting.
 */
export async function startSignedIn(
  page: Page,
  options: Parameters<typeof createAccount>[0] & { live?: boolean } = {},
) {
  const account = await createAccount(options)
  await signInAs(page.context(), account)
  const stream = options.live ? page.waitForResponse('**/api/events') : undefined
  await page.goto('/protected/chat')
  await stream
  return account
}

/** Signs in through the form and lands on the chat (auth.e2e.ts: the form itself is what it tests). */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL('**/protected/chat')
}

/**
 * Signs out through the user menu and waits for the reload of /auth that ends it. Twice, on a loaded machine, the
 * sign-out item never showed after the menu was clicked and a flow waited 90 s (likely a dialog handing focus back
 * as it left, closing the menu again; not proven). So the menu is opened once more if its item does not show, and
 * the click has its own bound; on a busy machine the reload takes longer than the default 30 s.
 */
export async function signOutThroughMenu(page: Page) {
  const signOut = page.getByRole('menuitem', { name: 'Cerrar sesión' })
  const openMenu = async () => {
    await page.getByTestId('user-menu').click()
    return signOut.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    )
  }
  if (!(await openMenu())) expect(await openMenu()).toBe(true)
  await Promise.all([page.waitForEvent('load', { timeout: 90_000 }), signOut.click({ timeout: 10_000 })])
}

/** Waits for the help an account's first login opens, checks it shows /help.md, and closes it. */
export async function closeFirstLoginHelp(page: Page) {
  const dialog = page.getByTestId('help-dialog')
  await dialog.waitFor()
  await dialog.getByTestId('help-content').waitFor()
  await dialog.getByRole('button', { name: 'Entendido' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** WCAG 2 A/AA violations on the current page (axe), each with where it is first found (and, for contrast, the colours). */
export async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  return result.violations.map((v) => {
    const node = v.nodes[0]
    const data = node?.any[0]?.data as
      | { fgColor?: string; bgColor?: string; contrastRatio?: number }
      | undefined
    const colours = data?.contrastRatio ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : ''
    return `${v.id}: ${v.help} (${v.nodes.length}; ${node?.target.join(' ')}: ${node?.html.slice(0, 120)}${colours})`
  })
}

const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className)

/**
 * Switches the colour mode as another tab would: next-themes follows the storage event of its key, so what is open
 * (a drawer, a modal) stays open, where the header's toggle would sit behind it.
 */
export async function setColorMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((m) => {
    localStorage.setItem('chakra-ui-color-mode', m)
    window.dispatchEvent(new StorageEvent('storage', { key: 'chakra-ui-color-mode', newValue: m }))
  }, mode)
  await expect.poll(() => htmlClass(page)).toContain(mode)
  // Some colours ease into the new mode (CSS transitions): axe must read them where they end, not half-way. They
  // start with the next style recalculation, so two frames pass before none running can mean all ended.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running')
            .length,
      ),
    )
    .toBe(0)
}

/**
 * WCAG 2 A/AA violations in both colour modes, each prefixed by its mode; the page is left in the mode it was in.
 * What light mode gets wrong (contrast, mostly) dark mode hides, and the other way round.
 */
export async function axeViolationsInBothModes(page: Page) {
  const start = (await htmlClass(page)).includes('light') ? 'light' : 'dark'
  const other = start === 'light' ? 'dark' : 'light'
  const found = (await axeViolations(page)).map((v) => `${start}: ${v}`)
  await setColorMode(page, other)
  found.push(...(await axeViolations(page)).map((v) => `${other}: ${v}`))
  await setColorMode(page, start)
  return found
}
