import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USER_INPUT_MAX_LENGTH, USER_INPUT_TOO_LONG_MESSAGE } from '../../src/shared/consultation-schemas'
import { launchBrowser, newPage, startSignedIn } from './fixtures'

/** Where the last answer's action row and the sticky question box stand in the viewport. */
function actionRowPlace(page: Page) {
  return page.evaluate(() => {
    const copies = document.querySelectorAll('[data-testid="copy-answer"]')
    const row = copies[copies.length - 1]?.parentElement
    // The question box's sticky band, however the box inside it is laid out.
    let composer = document.querySelector('[data-testid="chat-input"]')
    while (composer && getComputedStyle(composer).position !== 'sticky') composer = composer.parentElement
    if (!row || !composer) return null
    return {
      rowTop: row.getBoundingClientRect().top,
      rowBottom: row.getBoundingClientRect().bottom,
      composerTop: composer.getBoundingClientRect().top,
      viewport: window.innerHeight,
    }
  })
}

async function ask(page: Page, question: string) {
  const before = await page.getByTestId('agent-message').count()
  await page.getByTestId('chat-input').fill(question)
  await page.getByTestId('chat-input').press('Enter')
  await expect.poll(() => page.getByTestId('agent-message').count(), { timeout: 20_000 }).toBe(before + 1)
}

describe('the answer on screen', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('scrolls the new answer’s action row into view above the question box, at every width', async () => {
    const { page, context } = await newPage(browser, { width: 320, height: 568 })
    await startSignedIn(page)
    await page.getByTestId('header-pickers').waitFor()
    const sizes = [
      { width: 320, height: 568 },
      { width: 375, height: 667 },
      { width: 768, height: 1024 },
      { width: 1366, height: 768 },
    ]
    const questions = [
      'cuánto dura el mandato presidencial',
      'art. 112 de la constitución',
      'quién puede ser elegido presidente',
      'art. 2 de la constitución',
    ]
    for (const [i, size] of sizes.entries()) {
      await page.setViewportSize(size)
      await ask(page, questions[i]!)
      // The follow settles once the answer, its Markdown and the server's record are on screen (seconds on a
      // machine shared with another flow file: a poll, so the bound costs nothing when it settles sooner).
      await expect
        .poll(
          async () => {
            const place = await actionRowPlace(page)
            return place !== null && place.rowTop >= 0 && place.rowBottom <= place.composerTop
          },
          { timeout: 15_000 },
        )
        .toBe(true)
      const place = await actionRowPlace(page)
      expect(place!.composerTop).toBeLessThanOrEqual(place!.viewport)
    }

    // The row's copy gives the answer as plain text, its sources listed after it.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByTestId('copy-answer').last().click()
    await page.getByText('Texto copiado', { exact: true }).first().waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toMatch(/\n\nFuentes:\n\[1\] Constituci[oó]n/)
    expect(copied).not.toMatch(/\*\*|^#{1,6} |^> /m)
    await context.close()
  }, 120_000)

  it('says near the box how many characters are left, and what is wrong with a longer paste, at every width', async () => {
    const { page, context } = await newPage(browser, { width: 1366, height: 768 })
    await startSignedIn(page)
    const box = page.getByTestId('chat-input')
    await box.waitFor()
    let asked = 0
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/agentCommunication')) asked++
    })
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
      { width: 375, height: 667 },
    ]) {
      await page.setViewportSize(size)
      await box.fill('a'.repeat(USER_INPUT_MAX_LENGTH - 120))
      const counter = page.getByTestId('chat-input-counter')
      await expect.poll(() => counter.textContent()).toBe('120 caracteres restantes')
      expect(await counter.isVisible()).toBe(true)

      // A 5,000-character paste is kept whole and refused with the spec's message, beside the box, not sent.
      await box.fill('b'.repeat(USER_INPUT_MAX_LENGTH + 1000))
      const alert = page.getByRole('alert').filter({ hasText: USER_INPUT_TOO_LONG_MESSAGE })
      await alert.waitFor()
      expect(await page.getByTestId('chat-input-over').textContent()).toContain('Sobran 1000 caracteres.')
      expect((await box.inputValue()).length).toBe(USER_INPUT_MAX_LENGTH + 1000)
      await box.press('Enter')
      const [boxPlace, overPlace] = await Promise.all([
        box.boundingBox(),
        page.getByTestId('chat-input-over').boundingBox(),
      ])
      // Both on screen, the message within the viewport's width.
      expect(boxPlace && overPlace).toBeTruthy()
      expect(overPlace!.x).toBeGreaterThanOrEqual(0)
      expect(overPlace!.x + overPlace!.width).toBeLessThanOrEqual(size.width)
    }
    expect(asked).toBe(0)
    await context.close()
  }, 120_000)

  it('after a drop of the network while the answer is on its way, shows what the server recorded', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page)
    await page.getByTestId('agent-picker').waitFor()
    let answered: Promise<unknown> = Promise.resolve()
    await page.route('**/api/agentCommunication', async (route) => {
      // The question reaches the server, which answers it; the browser loses the network before the answer.
      await context.setOffline(true)
      answered = route.fetch().then((r) => r.text())
      await answered
      await route.abort('internetdisconnected')
    })
    await page.getByTestId('chat-input').fill('cuánto dura el mandato presidencial')
    await page.getByTestId('chat-input').press('Enter')
    const networkError = page.getByRole('alert').filter({ hasText: 'Error de red' })
    await networkError.waitFor({ timeout: 20_000 })
    await answered
    await context.setOffline(false)
    // One question, its answer, and no stale error: what the server recorded.
    await page.getByTestId('agent-message').waitFor({ timeout: 20_000 })
    await expect.poll(() => networkError.count(), { timeout: 15_000 }).toBe(0)
    expect(await page.getByTestId('user-message').allTextContents()).toEqual([
      'cuánto dura el mandato presidencial',
    ])
    expect(await page.getByTestId('agent-message').count()).toBe(1)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }, 90_000)
})
