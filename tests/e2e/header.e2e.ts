import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, launchBrowser, newPage, startSignedIn } from './fixtures'

type Box = { x: number; y: number; width: number; height: number }

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5

/** The header's controls that are showing, by test id, with their boxes. */
async function headerItems(page: Page) {
  const ids = [
    'sidebar-toggle',
    'country-picker',
    'agent-picker',
    'header-pickers',
    'credits-remaining',
    'color-mode-toggle',
    'user-menu',
  ]
  const header = page.getByTestId('chat-header')
  const items: { id: string; box: Box }[] = []
  for (const id of ids) {
    const el = header.getByTestId(id)
    if ((await el.count()) === 0 || !(await el.isVisible())) continue
    items.push({ id, box: (await el.boundingBox())! })
  }
  return { header: (await header.boundingBox())!, items }
}

/** Whether an element's text is cut (ellipsis or clipped): its content is wider than its box. */
const isCut = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => el.scrollWidth > el.clientWidth + 1)

async function expectHeaderFits(page: Page, width: number) {
  const { header, items } = await headerItems(page)
  const ids = items.map((i) => i.id)
  expect(ids, `${width}px`).toEqual(
    expect.arrayContaining(['credits-remaining', 'color-mode-toggle', 'user-menu']),
  )
  for (const { id, box } of items) {
    expect(box.x, `${id} at ${width}px`).toBeGreaterThanOrEqual(header.x - 0.5)
    expect(box.x + box.width, `${id} at ${width}px`).toBeLessThanOrEqual(header.x + header.width + 0.5)
    expect(box.width, `${id} at ${width}px`).toBeGreaterThanOrEqual(24)
  }
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++)
      expect(overlap(items[i]!.box, items[j]!.box), `${items[i]!.id} / ${items[j]!.id} at ${width}px`).toBe(
        false,
      )
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
}

describe('the chat header at every width', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('keeps the pickers readable and nothing overlapping from 1366 down to 320px, beside the sidebar at 768', async () => {
    const { page, context } = await newPage(browser, { width: 1366, height: 800 })
    const { email } = await startSignedIn(page)
    await page.getByTestId('agent-picker').waitFor()
    await expect.poll(() => page.getByTestId('credits-remaining').textContent()).toBe('5 créditos')
    await expectHeaderFits(page, 1366)
    expect(await page.getByTestId('chat-header').getAttribute('data-fit')).toBe('wide')

    for (const [width, fit] of [
      [1024, 'compact'],
      [768, 'narrow'],
      [375, 'narrow'],
      [320, 'narrow'],
    ] as const) {
      await page.setViewportSize({ width, height: 740 })
      await expect.poll(() => page.getByTestId('chat-header').getAttribute('data-fit')).toBe(fit)
      const sidebar = page.getByTestId('chat-sidebar')
      if (width >= 768) {
        // Beside the sidebar, never under it.
        const side = (await sidebar.boundingBox())!
        const header = (await page.getByTestId('chat-header').boundingBox())!
        expect(side.x + side.width, `${width}px`).toBeLessThanOrEqual(header.x + 0.5)
      } else {
        // Below 768 the sidebar closes once the page has seen the new width (an effect after the resize).
        await expect.poll(() => sidebar.isVisible(), { message: `${width}px` }).toBe(false)
      }
      // The folded pickers say the country, the agent in effect and its cost, uncut.
      expect(await page.getByTestId('header-pickers-agent').textContent()).toBe('Lexia General')
      expect(await page.getByTestId('header-pickers-detail').textContent()).toBe('PE · 1 crédito')
      expect(await isCut(page, 'header-pickers-agent'), `${width}px`).toBe(false)
      expect(await isCut(page, 'header-pickers-detail'), `${width}px`).toBe(false)
      expect(
        await page.getByTestId('header-pickers').getByTestId('country-flag').getAttribute('data-country'),
      ).toBe('PE')
      // The balance stays in the header, with its number.
      expect(await page.getByTestId('credits-remaining').getAttribute('aria-label')).toBe(
        'Créditos disponibles: 5',
      )
      expect(await page.getByTestId('credits-remaining').textContent()).toContain('5')
      await expectHeaderFits(page, width)
      expect(await axeViolations(page), `${width}px`).toEqual([])
    }

    // At 320px the control opens both pickers; a choice shows at once on the control.
    await page.getByTestId('header-pickers').click()
    const panel = page.getByTestId('header-pickers-panel')
    await panel.waitFor()
    expect(await panel.getByTestId('country-picker').inputValue()).toBe('PE')
    await panel.getByTestId('agent-picker').selectOption('penal')
    await expect.poll(() => page.getByTestId('header-pickers-agent').textContent()).toBe('Lexia Penal')
    expect(await page.getByTestId('header-pickers-detail').textContent()).toBe('PE · 2 créditos')
    const box = (await panel.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(320)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })

    // The user menu, an icon here, names the account and still signs out from one item.
    await page.getByTestId('user-menu').click()
    expect(await page.getByTestId('user-menu-email').textContent()).toBe(email)
    await page.keyboard.press('Escape')

    // Light mode too.
    await page.getByTestId('color-mode-toggle').click()
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain('light')
    await expectHeaderFits(page, 320)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  }, 120_000)
})
