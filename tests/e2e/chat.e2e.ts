import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, axeViolationsInBothModes, launchBrowser, newPage, startSignedIn } from './fixtures'

type SourceJson = { title: string; identifier: string; label: string; page_number: number; status: string }

/**
 * Holds the consultation's HTTP answer until `until` says the page has seen what the test needs (no fixed time),
 * then hands it on, rewritten by `transform` if given. Returns the answers as the server sent them.
 */
async function holdConsultations(
  page: Page,
  options: {
    until?: () => Promise<unknown>
    transform?: (body: Record<string, unknown>) => Record<string, unknown>
  },
) {
  const answers: Record<string, unknown>[] = []
  await page.route('**/api/agentCommunication', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as Record<string, unknown>
    answers.push(body)
    await options.until?.()
    await route.fulfill({ response, json: options.transform ? options.transform(body) : body })
  })
  return answers
}

type StreamWatch = {
  /** Texts of the partial answer on screen that showed raw Markdown markers. */
  raw: string[]
  /** The partial answer was drawn by the Markdown renderer. */
  rendered: boolean
  /** Some partial answer's text took the place of 'Esperando respuesta...'. */
  partial: boolean
  /** The partial answer's first block, last seen: its markup and its top in page coordinates. */
  first: { html: string; top: number } | null
  /** A second block followed the first: the first is whole, as the final answer will draw it. */
  firstWhole: boolean
}

/**
 * Watches the partial answer from the page itself, at every change of the DOM (no waits): whether raw Markdown
 * markers ever show, and where its first block stands just before the final answer replaces it.
 */
async function watchStreaming(page: Page) {
  await page.evaluate(() => {
    const seen: StreamWatch = { raw: [], rendered: false, partial: false, first: null, firstWhole: false }
    ;(window as unknown as { streamWatch: StreamWatch }).streamWatch = seen
    new MutationObserver(() => {
      const box = document.querySelector('[data-testid="loading-indicator"]')
      if (!box) return
      const text = box.querySelector('[data-testid="loading-text"]')?.textContent ?? ''
      if (/\*\*|#{2,}|^\s*>|\[\d*$/m.test(text)) seen.raw.push(text)
      if (text.trim() && text !== 'Esperando respuesta...') seen.partial = true
      const first = box.querySelector('.lexia-markdown > :first-child')
      if (!first) return
      seen.rendered = true
      seen.first = { html: first.outerHTML, top: first.getBoundingClientRect().top + window.scrollY }
      if (first.nextElementSibling) seen.firstWhole = true
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

describe('asking an agent', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('streams, charges, cites Constitución art. 112 and opens the original at its page', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page, { live: true })
    await expect.poll(() => page.getByTestId('credits-remaining').first().textContent()).toBe('5 créditos')
    const picker = page.getByTestId('agent-picker')
    await picker.waitFor()
    await picker.selectOption('general')
    expect(await page.getByTestId('country-picker').inputValue()).toBe('PE')
    // The inactive agent is not offered; the others are, while the balance covers them.
    expect(await page.locator('[data-testid="agent-picker"] option[value="tributario"]').count()).toBe(0)
    expect(await page.locator('[data-testid="agent-picker"] option[value="penal"]').isDisabled()).toBe(false)

    await watchStreaming(page)
    // The HTTP answer waits until the live partial answer has drawn its first block whole (or 30 s pass, and
    // the checks below say what was missing).
    const answers = await holdConsultations(page, {
      until: () =>
        page
          .waitForFunction(
            () => (window as unknown as { streamWatch: StreamWatch }).streamWatch.firstWhole,
            null,
            { timeout: 30_000 },
          )
          .catch(() => {}),
    })
    await page.getByTestId('chat-input').fill('cuánto dura el mandato presidencial')
    await page.getByTestId('chat-input').press('Enter')
    await page.getByTestId('loading-indicator').waitFor()
    await page.getByTestId('agent-message').waitFor()
    // It was drawn as Markdown, never with raw markers; the final answer took its place without moving what
    // was already on screen: its first block is the same markup at the same height.
    const watched = await page.evaluate(() => (window as unknown as { streamWatch: StreamWatch }).streamWatch)
    // The partial answer (from the realtime stream) replaced 'Esperando respuesta...' while the agent worked; the
    // page's own observer saw it, however short the moment before the recorded answer took its place.
    expect(watched.partial).toBe(true)
    expect(watched.raw).toEqual([])
    expect(watched.rendered).toBe(true)
    const final = await page
      .getByTestId('agent-message')
      .locator('.lexia-markdown > :first-child')
      .evaluate((el) => ({ html: el.outerHTML, top: el.getBoundingClientRect().top + window.scrollY }))
    expect(final.html).toBe(watched.first?.html)
    expect(Math.abs(final.top - (watched.first?.top ?? Number.NaN))).toBeLessThanOrEqual(1)
    await expect.poll(() => page.getByTestId('credits-remaining').first().textContent()).toBe('4 créditos')

    await page.getByTestId('open-sources').click()
    const drawer = page.getByTestId('sources-drawer')
    await drawer.waitFor()
    await page.getByRole('tab', { name: 'Normas Juridicas' }).waitFor()
    const titles = await drawer.getByTestId('source-title').allTextContents()
    expect(titles.some((t) => /Constituci[oó]n.*Art[ií]culo 112\b/.test(t))).toBe(true)

    const leyes = (answers[0]!.context_leyes as SourceJson[]) ?? []
    const index = leyes.findIndex((s) => s.identifier === 'CON-1993' && /112\b/.test(s.label))
    expect(index).toBeGreaterThanOrEqual(0)
    // The Constitution is in force ('in_force' in its file): the drawer says so in Spanish, in the calm colour.
    expect(leyes[index]!.status).toBe('in_force')
    const status = drawer.getByTestId('source-item').nth(index).getByTestId('source-status')
    expect(await status.textContent()).toBe('Vigente')
    expect(await status.getAttribute('data-tone')).toBe('calm')
    expect(await axeViolationsInBothModes(page)).toEqual([])
    const [viewer] = await Promise.all([
      context.waitForEvent('page'),
      drawer.getByTestId('view-original').nth(index).click(),
    ])
    await viewer.waitForLoadState()
    const url = new URL(viewer.url())
    expect(url.pathname).toBe('/protected/pdf_viewer')
    expect(url.searchParams.get('file')).toBe('/api/originals/CON-1993.pdf')
    expect(Number(url.searchParams.get('page'))).toBe(leyes[index]!.page_number)
    // The viewer renders that page and marks the cited article on it.
    await expect
      .poll(() => viewer.getByTestId('viewer-page').textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Página ${leyes[index]!.page_number} de \\d+$`))
    await viewer.locator('[data-cited]').first().waitFor({ timeout: 20_000 })
    const cited = (await viewer.locator('[data-cited]').allTextContents()).join(' ')
    expect(cited).toMatch(/mandato presidencial/i)
    expect(
      await viewer.getByTestId('viewer-canvas').evaluate((c) => (c as HTMLCanvasElement).width),
    ).toBeGreaterThan(0)
    expect(await axeViolationsInBothModes(viewer)).toEqual([])
    await viewer.getByRole('button', { name: 'Página siguiente' }).click()
    await expect
      .poll(() => viewer.getByTestId('viewer-page').textContent())
      .toMatch(new RegExp(`^Página ${leyes[index]!.page_number + 1} de`))
    await viewer.goto('/protected/pdf_viewer?file=https://evil.example/x.pdf&page=1')
    await viewer.getByTestId('viewer-error').waitFor()
    await context.close()
  }, 90_000)

  it('renders a javascript: link in an answer as a link that does nothing', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page)
    await page.getByTestId('agent-picker').waitFor()
    const hostile = 'Mira [esto](javascript:alert(document.cookie)) y [la ley](https://www.gob.pe).'
    await holdConsultations(page, { transform: (body) => ({ ...body, answer: hostile }) })
    // The session's history from the server carries the same answer.
    await page.route('**/api/sessions/*/consultations', async (route) => {
      // A reload may still be in flight when the test closes the page: then there is nothing to answer.
      try {
        const response = await route.fetch()
        const body = (await response.json()) as { consultations: { answer: string | null }[] }
        const consultations = body.consultations.map((c) => (c.answer ? { ...c, answer: hostile } : c))
        await route.fulfill({ response, json: { ...body, consultations } })
      } catch {
        await route.abort().catch(() => {})
      }
    })
    let dialogs = 0
    page.on('dialog', (d) => {
      dialogs++
      void d.dismiss()
    })
    await page.getByTestId('chat-input').fill('art. 112 de la constitución')
    await page.getByTestId('chat-input').press('Enter')
    const message = page.getByTestId('agent-message')
    await message.waitFor({ timeout: 15_000 })
    const bad = message.getByRole('link', { name: 'esto' })
    expect(await bad.getAttribute('href')).toBe('#')
    await bad.click()
    expect(dialogs).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/protected/chat')
    expect(await message.getByRole('link', { name: 'la ley' }).getAttribute('href')).toBe(
      'https://www.gob.pe',
    )
    expect(await axeViolations(page)).toEqual([])
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }, 60_000)

  it('keeps the answer when the page is reloaded while waiting for it', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page, { live: true })
    await page.getByTestId('agent-picker').waitFor()
    // The browser never receives this HTTP answer: it is held until the page has reloaded, then dropped.
    let reloaded!: () => void
    const held = new Promise<void>((resolve) => {
      reloaded = resolve
    })
    await page.route('**/api/agentCommunication', async (route) => {
      // The reload (or the test's end) may dispose of the request while the server still answers it.
      await route.fetch().catch(() => {})
      await held
      await route.abort().catch(() => {})
    })
    await page.getByTestId('chat-input').fill('cuánto dura el mandato presidencial')
    await page.getByTestId('chat-input').press('Enter')
    await page.getByTestId('loading-indicator').waitFor()
    await expect.poll(() => page.getByTestId('credits-remaining').first().textContent()).toBe('4 créditos')
    await page.reload()
    reloaded()
    // The same chat session comes back from the server with its question and its answer.
    await page.getByTestId('agent-message').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('user-message').textContent()).toBe('cuánto dura el mandato presidencial')
    expect(await page.getByTestId('agent-message').textContent()).toMatch(/mandato/i)
    expect(await page.getByTestId('credits-remaining').first().textContent()).toBe('4 créditos')
    await context.close()
  }, 60_000)
})
