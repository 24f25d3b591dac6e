import type { Plan } from '../../shared/payment-schemas'
import { createMercadoPagoProvider } from '../payments/mercadopago/adapter'
import { FAKE_ACCESS_TOKEN, type FakeMercadoPago } from '../payments/mercadopago/fake-api'
import type { PaymentProvider } from '../payments/provider'
import { type Backend, createTestApp, type TestApp } from './harness'

export const MP_TEST_WEBHOOK_SECRET = 'secreto-del-webhook-de-prueba'

/**
 * A test app that pays through the real Mercado Pago adapter, pointed at the local fake of its API, with the three
 * MP_* keys set. `wrap` may stand between the app and the adapter (to lose an answer, say).
 */
export function mercadoPagoTestApp(
  backend: Backend,
  fake: FakeMercadoPago,
  wrap: (mp: PaymentProvider) => PaymentProvider = (mp) => mp,
): Promise<TestApp> {
  const mp = createMercadoPagoProvider({ accessToken: FAKE_ACCESS_TOKEN, timeoutMs: 2000, baseUrl: fake.url })
  return createTestApp(
    backend,
    {
      MP_ACCESS_TOKEN: FAKE_ACCESS_TOKEN,
      MP_PUBLIC_KEY: 'TEST-public',
      MP_WEBHOOK_SECRET: MP_TEST_WEBHOOK_SECRET,
    },
    { paymentProvider: wrap(mp) },
  )
}

/** A seeded plan as GET /api/credits/plans offers it. */
export async function offeredPlan(t: TestApp, planId: string): Promise<Plan> {
  const plans = (await (await t.call('/api/credits/plans')).json()) as Plan[]
  const plan = plans.find((p) => p.planId === planId)
  if (!plan) throw new Error(`El plan ${planId} no se ofrece`)
  return plan
}
