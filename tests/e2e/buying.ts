import type { Page } from 'playwright-core'

/** The credits shown in the header, 'N de M'. */
export const creditsShown = (page: Page) => page.getByTestId('credits-display-figures').textContent()

/** 'Adquirir creditos' opened, its plans loaded. */
export async function openPlans(page: Page) {
  await page.getByRole('button', { name: 'Adquirir creditos' }).first().click()
  const dialog = page.getByTestId('plans-dialog')
  await dialog.getByTestId('plan-card-estandar-30').waitFor()
  return dialog
}

/** The sandbox's card form, filled and sent; the cardholder name decides the outcome (APRO, FUND…). */
export async function fillCard(page: Page, cardholder: string) {
  const form = page.getByTestId('sandbox-card-form')
  await form.getByLabel('Número de tarjeta').fill('4009175332806176')
  await form.getByLabel('Nombre del titular').fill(cardholder)
  await form.getByLabel('Mes (MM)').fill('11')
  await form.getByLabel('Año (AA/AAAA)').fill('30')
  await form.getByLabel('CVV').fill('123')
  await form.getByLabel('Número de documento').fill('12345678')
  await form.getByTestId('sandbox-card-submit').click()
}
