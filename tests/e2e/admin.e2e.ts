import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditsShown, fillCard, openPlans } from './buying'
import {
  type Account,
  axeViolations,
  createAccount,
  E2E_ADMIN_EMAIL,
  launchBrowser,
  newPage,
  signInAs,
} from './fixtures'

const section = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click()

/** The user menu's entries once the menu is open and has asked the server whether to show the console. */
async function openUserMenu(page: Page) {
  const probe = page.waitForResponse((r) => r.url().endsWith('/api/admin/me'))
  await page.getByTestId('user-menu').first().click()
  await probe
  await page.getByTestId('sign-out').waitFor()
}

/** A new page signed in as the account, on the chat. */
async function signedIn(browser: Browser, account: Account, size?: { width: number; height: number }) {
  const opened = await newPage(browser, size)
  await signInAs(opened.context, account)
  await opened.page.goto('/protected/chat')
  return opened
}

describe('operator console', () => {
  let browser: Browser
  let admin: Account
  beforeAll(async () => {
    browser = await launchBrowser()
    admin = await createAccount({ email: E2E_ADMIN_EMAIL })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('keeps anonymous visitors and users out', async () => {
    const anonymous = await newPage(browser)
    await anonymous.page.goto('/admin')
    await anonymous.page.waitForURL('**/auth')
    await anonymous.context.close()

    const { page, context } = await signedIn(browser, await createAccount())
    await openUserMenu(page)
    expect(await page.getByTestId('admin-link').count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.goto('/admin')
    await page.getByRole('heading', { name: 'No tienes permiso' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Consola de administración' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('creates an agent, makes it the cheapest, a user asks it, gets credits, and the audit shows it all', async () => {
    const user = await createAccount()

    // The admin reaches the console from the user menu.
    const a = await signedIn(browser, admin)
    await openUserMenu(a.page)
    await a.page.getByTestId('admin-link').click()
    await a.page.waitForURL('**/admin')
    await a.page.getByRole('heading', { name: 'Consola de administración' }).waitFor()
    await a.page.getByTestId('chart-consultations').waitFor()

    // A new agent, active at 3 credits…
    await section(a.page, 'Agentes')
    const agents = a.page.getByTestId('agents-list')
    await agents.getByRole('button', { name: 'Editar Lexia General' }).waitFor()
    await agents.getByRole('button', { name: 'Nuevo agente' }).click()
    let form = a.page.getByTestId('agent-form')
    await form.getByLabel('Identificador').fill('e2e-barato')
    await form.getByLabel('Nombre').fill('Agente E2E')
    await form.getByLabel('URL').fill('builtin:general')
    await form.getByLabel('Costo en créditos').fill('3')
    await form.getByLabel('Estado').selectOption('active')
    // The country is one of the configured ones, not free text.
    expect(await form.getByLabel('País').locator('option').allTextContents()).toContain('🇵🇪 Perú (PE)')
    await form.getByLabel('País').selectOption('PE')
    // Last in the order: the flows running beside this one (two files at a time, one server) keep the seeded
    // agent as the one in effect.
    await form.getByLabel('Orden').fill('9999')
    await form.getByRole('button', { name: 'Guardar' }).click()
    await form.waitFor({ state: 'detached' })
    await agents.getByRole('button', { name: 'Editar Agente E2E' }).waitFor()
    expect(await axeViolations(a.page)).toEqual([])

    // …then edited (version 1 → 2) to cost nothing: the cheapest of all.
    await agents.getByRole('button', { name: 'Editar Agente E2E' }).click()
    form = a.page.getByTestId('agent-form')
    await form.getByText('versión 1').waitFor()
    await form.getByLabel('Costo en créditos').fill('0')
    await form.getByRole('button', { name: 'Guardar' }).click()
    await form.waitFor({ state: 'detached' })
    await agents.getByRole('columnheader', { name: 'Costo' }).getByRole('button').click()
    await agents.getByRole('columnheader', { name: 'Costo' }).getByRole('button').click()
    await expect
      .poll(() => agents.locator('tbody tr').first().locator('td').first().textContent())
      .toBe('Agente E2E')

    // The user finds it in the picker and asks it; it charges nothing.
    const u = await signedIn(browser, user)
    await expect.poll(() => u.page.getByTestId('credits-remaining').first().textContent()).toBe('5 créditos')
    const picker = u.page.getByTestId('agent-picker')
    await picker.waitFor()
    await picker.selectOption('e2e-barato')
    await u.page.getByTestId('chat-input').fill('cuánto dura el mandato presidencial')
    await u.page.getByTestId('chat-input').press('Enter')
    await u.page.getByTestId('agent-message').waitFor({ timeout: 45_000 })
    await expect.poll(() => u.page.getByTestId('credits-remaining').first().textContent()).toBe('5 créditos')

    // The admin grants the user 10 credits, with the reason the form requires.
    await section(a.page, 'Usuarios')
    const users = a.page.getByTestId('users-list')
    await users.getByLabel('Buscar por correo').fill(user.email)
    await users.getByRole('button', { name: 'Buscar' }).click()
    await users.getByRole('button', { name: `Ver ${user.email}` }).click()
    const detail = a.page.getByTestId('user-detail')
    await expect.poll(() => detail.getByTestId('user-credits').textContent()).toBe('5')
    const credit = detail.getByTestId('credit-change-form')
    await credit.getByLabel('Cantidad').fill('10')
    await credit.getByRole('button', { name: 'Añadir' }).click()
    await credit.getByText('Indica el motivo (entre 3 y 500 caracteres)').waitFor()
    await credit.getByLabel('Motivo').fill('Cortesía por la prueba e2e')
    await credit.getByRole('button', { name: 'Añadir' }).click()
    await expect
      .poll(() => credit.getByTestId('credit-change-done').textContent())
      .toBe('Listo. Saldo actual: 15 créditos.')
    await expect.poll(() => detail.getByTestId('user-credits').textContent()).toBe('15')
    expect(await axeViolations(a.page)).toEqual([])
    await a.page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })

    // The audit trail: who did what, before → after, and why.
    await section(a.page, 'Auditoría')
    const audit = a.page.getByTestId('audit-list')
    await audit.locator('tbody tr').first().waitFor()
    const rows = await audit.locator('tbody tr').allTextContents()
    const grant = rows.find((r) => r.includes('credits.grant'))
    expect(grant).toContain(E2E_ADMIN_EMAIL)
    expect(grant).toContain('Cortesía por la prueba e2e')
    const update = rows.find((r) => r.includes('agent.update') && r.includes('e2e-barato'))
    expect(update).toContain('credits: 3 → 0')
    expect(rows.some((r) => r.includes('agent.create') && r.includes('e2e-barato'))).toBe(true)

    // Back in Usuarios, the list is as it was left: the search and its one account.
    await section(a.page, 'Usuarios')
    expect(await users.getByLabel('Buscar por correo').inputValue()).toBe(user.email)
    await users.getByRole('button', { name: `Ver ${user.email}` }).waitFor()
    expect(await users.locator('tbody tr').count()).toBe(1)

    // Light mode passes axe too (the app starts dark).
    await a.page.getByTestId('color-mode-toggle').click()
    await expect.poll(() => a.page.evaluate(() => document.documentElement.className)).not.toContain('dark')
    expect(await axeViolations(a.page)).toEqual([])

    // The user sees the granted credits.
    await u.page.reload()
    await expect.poll(() => u.page.getByTestId('credits-remaining').first().textContent()).toBe('15 créditos')

    // The agent is retired again (the other flows share the server and expect the seeded agents).
    await section(a.page, 'Agentes')
    await agents.getByRole('button', { name: 'Editar Agente E2E' }).click()
    form = a.page.getByTestId('agent-form')
    await form.getByText('versión 2').waitFor()
    await form.getByLabel('Estado').selectOption('inactive')
    await form.getByRole('button', { name: 'Guardar' }).click()
    await form.waitFor({ state: 'detached' })
    await agents.getByRole('cell', { name: 'Inactivo' }).first().waitFor()
    await u.context.close()
    await a.context.close()
  }, 180_000)

  it('refunds part of a purchase: the money through the provider, the credits taken back, the rest left', async () => {
    // A user buys the Estándar plan (30 credits) by card in the sandbox.
    const buyer = await createAccount()
    const u = await signedIn(browser, buyer)
    await expect.poll(() => creditsShown(u.page)).toBe('5 de 5')
    const plans = await openPlans(u.page)
    await plans
      .getByTestId('plan-card-estandar-30')
      .getByRole('button', { name: 'Pagar con Tarjeta' })
      .click()
    await fillCard(u.page, 'APRO')
    await expect
      .poll(() => u.page.getByTestId('card-payment-result').textContent())
      .toContain('Pago exitoso!')
    await expect.poll(() => creditsShown(u.page)).toBe('35 de 35')

    // The admin refunds 10 of its 30 credits; the dialog shows the soles in proportion first.
    const a = await signedIn(browser, admin)
    await a.page.goto(`/admin?seccion=pagos&payments.q=${encodeURIComponent(buyer.email)}`)
    const list = a.page.getByTestId('payments-list')
    await list.locator('tbody tr').first().waitFor()
    expect(await list.locator('tbody tr').count()).toBe(1)
    await list.getByRole('button', { name: /^Reembolsar el pago/ }).click()
    const dialog = a.page.getByTestId('refund-dialog')
    expect(await dialog.getByLabel('Créditos a reembolsar').inputValue()).toBe('30')
    await dialog.getByLabel('Créditos a reembolsar').fill('31')
    await dialog.getByLabel('Motivo').fill('Devolución parcial e2e')
    await dialog.getByRole('button', { name: 'Reembolsar' }).click()
    await dialog.getByText('Los créditos a reembolsar deben estar entre 1 y 30').waitFor()
    await dialog.getByLabel('Créditos a reembolsar').fill('10')
    const soles = await dialog.getByText(/^Se devuelven S\/\s?\d/).textContent()
    expect(soles).toContain('por el sandbox')
    expect(await axeViolations(a.page)).toEqual([])
    await dialog.getByRole('button', { name: 'Reembolsar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(() => a.page.getByTestId('refund-done').textContent())
      .toMatch(/^Reembolso hecho: S\/\s?\d+\.\d{2} devueltos a .*, 10 créditos retirados\.$/)
    // Refunded in part: the row says how much, and 20 credits can still be refunded.
    await expect.poll(() => list.locator('tbody tr').first().textContent()).toContain('(10 créd.)')
    await list.getByRole('button', { name: /^Reembolsar el pago/ }).waitFor()

    await u.page.reload()
    await expect.poll(() => creditsShown(u.page)).toBe('25 de 35')
    await u.context.close()
    await a.context.close()
  }, 120_000)

  it('fits a 320 px screen, every section axe-clean', async () => {
    const { page, context } = await signedIn(browser, admin, { width: 320, height: 640 })
    await page.goto('/admin')
    await page.getByTestId('chart-consultations').waitFor()
    const sections = await page.getByRole('tab').allTextContents()
    expect(sections).toHaveLength(10)
    const problems: string[] = []
    for (const name of sections) {
      await section(page, name)
      const panel = page.getByRole('tabpanel')
      await panel.locator('table, [data-testid="dashboard"]').first().waitFor()
      await expect.poll(() => panel.getByLabel('Cargando').count()).toBe(0)
      // Wide tables and the tab list scroll inside their boxes; the page itself never scrolls sideways.
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      if (width > 320) problems.push(`${name}: ${width} px de ancho`)
      for (const v of await axeViolations(page)) problems.push(`${name}: ${v}`)
    }
    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
