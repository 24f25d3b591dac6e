import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditsShown, fillCard, openPlans } from './buying'
import {
  axeViolationsInBothModes,
  baseUrl,
  launchBrowser,
  newPage,
  serverDataDir,
  startSignedIn,
  usePolicyOf,
} from './fixtures'

async function fillYape(page: Page, phone: string, otp: string) {
  const dialog = page.getByTestId('yape-dialog')
  await dialog.getByTestId('yape-phone').fill(phone)
  await dialog.getByLabel('Dígito 1 de 6 del código de aprobación').click()
  await page.keyboard.type(otp)
  await dialog.getByTestId('yape-submit').click()
}

/** `npm run payments:settle -- ID` against the e2e server, as an operator would run it. */
function settle(paymentId: string) {
  const root = path.resolve(import.meta.dirname, '../..')
  return spawnSync(process.execPath, ['scripts/run-ts.mjs', 'src/server/cli/settle-payment.ts', paymentId], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      BASE_URL: baseUrl(),
      DATA_DIR: serverDataDir(),
      DATABASE_URL: '',
    },
    encoding: 'utf8',
  })
}

describe('buying credits in the sandbox', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('buys a plan by card: FUND is refused and the form works again, APRO credits and dates the purchase', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page)
    await expect.poll(() => creditsShown(page)).toBe('5 de 5')
    const plans = await openPlans(page)
    expect(await plans.getByText('Planes de suscripcion y prepago').count()).toBe(1)
    expect(await plans.getByText('Proximamente disponible').count()).toBe(1)
    expect(await axeViolationsInBothModes(page)).toEqual([])
    const card = plans.getByTestId('plan-card-estandar-30')
    expect(await card.textContent()).toContain('S/')
    await card.getByRole('button', { name: 'Pagar con Tarjeta' }).click()
    await page.locator('#paymentBrick_container').getByTestId('sandbox-card-form').waitFor()
    expect(await axeViolationsInBothModes(page)).toEqual([])

    await fillCard(page, 'FUND')
    await expect
      .poll(() => page.getByTestId('card-payment-error').textContent())
      .toContain('Tu tarjeta no tiene fondos suficientes.')
    // The form was rebuilt: empty again and usable.
    await expect.poll(() => page.getByLabel('Nombre del titular').inputValue()).toBe('')
    // Ready to retry: the focus is back at the card number, and only the refusal is shown.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('cardNumber')
    expect(await page.getByText('Revisa los datos de la tarjeta.').count()).toBe(0)
    await fillCard(page, 'APRO')
    await expect.poll(() => page.getByTestId('card-payment-result').textContent()).toContain('Pago exitoso!')
    await expect.poll(() => creditsShown(page)).toBe('35 de 35')
    await page.keyboard.press('Escape')
    await expect
      .poll(() => card.getByTestId('plan-date').textContent())
      .toMatch(/^Ultima compra: \d{1,2} \S+ \d{4}$/)
    await context.close()
  }, 90_000)

  it('pays with Yape: a refusal leaves only its error, a 5-digit code is refused, 111111111 / 123456 succeeds and closes both modals', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page)
    await expect.poll(() => creditsShown(page)).toBe('5 de 5')
    const plans = await openPlans(page)
    await plans.getByTestId('plan-card-inicial-10').getByRole('button', { name: 'Pagar con Yape' }).click()
    const dialog = page.getByTestId('yape-dialog')
    await dialog.getByText('Instrucciones para pagar con Yape').waitFor()
    expect(await axeViolationsInBothModes(page)).toEqual([])
    await fillYape(page, '111111113', '123456')
    await expect
      .poll(() => dialog.getByTestId('yape-error').textContent())
      .toContain('Fondos insuficientes en tu cuenta Yape')
    // Empty boxes for a new code, the first one focused, and no 6-digit complaint before the person submits.
    await expect.poll(() => dialog.getByLabel('Dígito 1 de 6 del código de aprobación').inputValue()).toBe('')
    expect(await dialog.getByText('Debes ingresar exactamente 6 dígitos').count()).toBe(0)
    await page.keyboard.type('12345')
    await dialog.getByTestId('yape-phone').fill('111111111')
    await dialog.getByTestId('yape-submit').click()
    await expect.poll(() => dialog.textContent()).toContain('Debes ingresar exactamente 6 dígitos')
    expect(await dialog.getByTestId('yape-error').count()).toBe(0)
    await dialog.getByLabel('Dígito 6 de 6 del código de aprobación').click()
    await page.keyboard.type('6')
    await dialog.getByTestId('yape-submit').click()
    await page.getByText('Tu pago con Yape se procesó correctamente').first().waitFor()
    await expect.poll(() => creditsShown(page)).toBe('15 de 15')
    // Spec §4: the success callback closes the modals, the plans popup as well as the Yape one.
    await expect.poll(() => page.getByTestId('yape-dialog').count()).toBe(0)
    await expect.poll(() => page.getByTestId('plans-dialog').count()).toBe(0)
    await context.close()
  }, 90_000)

  it('shows a pending Yape payment, and its credits arrive live when the settle command runs', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page)
    await expect.poll(() => creditsShown(page)).toBe('5 de 5')
    const plans = await openPlans(page)
    await plans.getByTestId('plan-card-inicial-10').getByRole('button', { name: 'Pagar con Yape' }).click()
    const [response] = await Promise.all([
      page.waitForResponse('**/api/payment/yape'),
      fillYape(page, '111111119', '123456'),
    ])
    const { id } = (await response.json()) as { id: string }
    await page.getByText('Pago pendiente').first().waitFor()
    await page
      .getByText('Tu pago está siendo procesado. Te notificaremos cuando se complete.')
      .first()
      .waitFor()
    expect(await creditsShown(page)).toBe('5 de 5')

    const run = settle(id)
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain(`Pago ${id} aprobado y notificado: acreditado.`)
    // No reload: the realtime stream brings the new balance.
    await expect.poll(() => creditsShown(page), { timeout: 15_000 }).toBe('15 de 15')
    await context.close()
  }, 120_000)

  it('subscribes through the approval page and cancels from the popup', async () => {
    const { page, context } = await newPage(browser)
    await startSignedIn(page)
    await expect.poll(() => creditsShown(page)).toBe('5 de 5')
    let plans = await openPlans(page)
    await plans.getByTestId('plan-card-mensual-60').getByRole('button', { name: 'Suscribirme' }).click()
    await page.waitForURL('**/api/payment/sandbox/subscriptions/**')
    await page.getByRole('button', { name: 'Autorizar suscripción' }).click()
    await page.waitForURL('**/protected/chat**')
    await expect.poll(() => creditsShown(page)).toBe('65 de 65')
    plans = await openPlans(page)
    const card = plans.getByTestId('plan-card-mensual-60')
    await expect
      .poll(() => card.getByTestId('plan-date').textContent())
      .toMatch(/^Suscripcion activa hasta: /)
    await card.getByRole('button', { name: 'Editar mi suscripcion' }).click()
    const confirm = page.getByTestId('cancel-subscription-dialog')
    await confirm.waitFor()
    await confirm.getByRole('button', { name: /Cancelar suscripci/ }).click()
    await card.getByRole('button', { name: 'Suscribirme' }).waitFor()
    await context.close()
  }, 120_000)

  it('with Mercado Pago keys, says when its SDK cannot load and offers to retry', async () => {
    const { page, context } = await newPage(browser)
    // Mercado Pago mode as the browser sees it, under the policy its keys bring; its SDK host is unreachable from
    // here (every outside URL fails), but the policy lets the browser try.
    await usePolicyOf(context, {
      MP_ACCESS_TOKEN: 'TEST-token',
      MP_PUBLIC_KEY: 'TEST-00000000-0000-0000-0000-000000000000',
      MP_WEBHOOK_SECRET: 'w'.repeat(32),
    })
    await page.route('**/api/payment/config', (route) =>
      route.fulfill({
        json: { provider: 'mercadopago', publicKey: 'TEST-00000000-0000-0000-0000-000000000000' },
      }),
    )
    await startSignedIn(page)
    const plans = await openPlans(page)
    await plans.getByTestId('plan-card-inicial-10').getByRole('button', { name: 'Pagar con Tarjeta' }).click()
    const error = page.getByTestId('card-sdk-error')
    await expect.poll(() => error.textContent(), { timeout: 20_000 }).toContain('Error al cargar el SDK')
    expect(await page.getByTestId('sandbox-card-form').count()).toBe(0)
    await page.getByTestId('card-payment-dialog').getByRole('button', { name: 'Reintentar' }).click()
    await expect.poll(() => page.getByTestId('card-sdk-error').count(), { timeout: 20_000 }).toBe(1)
    await context.close()
  }, 60_000)
})
