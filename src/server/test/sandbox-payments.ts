import type { TestApp } from './harness'

/** Mercado Pago's approved test card: the cardholder name decides the sandbox's outcome (APRO, FUND, CONT…). */
export const SANDBOX_CARD = {
  cardNumber: '4009175332806176',
  expirationMonth: '11',
  expirationYear: '2030',
  securityCode: '123',
  identificationType: 'DNI',
  identificationNumber: '12345678',
}

/** A sandbox card token made as the browser makes one, for the signed-in person of this cookie. */
export async function sandboxCardToken(t: TestApp, cookie: string, cardholderName = 'APRO'): Promise<string> {
  const res = await t.call('/api/payment/sandbox/card-token', {
    headers: { cookie },
    body: { ...SANDBOX_CARD, cardholderName },
  })
  if (res.status !== 200) throw new Error(`card-token answered ${res.status}`)
  return ((await res.json()) as { id: string }).id
}

/** The balance /api/credits reports to the person of this cookie. */
export async function creditsOf(t: TestApp, cookie: string): Promise<number> {
  const res = await t.call('/api/credits', { headers: { cookie } })
  return ((await res.json()) as { remaining_credits: number }).remaining_credits
}
