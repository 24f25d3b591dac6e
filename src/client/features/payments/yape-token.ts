import type { PaymentConfig } from '../../../shared/payment-schemas'
import { createMercadoPagoYapeToken } from './mercadopago-global'
import { createSandboxYapeToken } from './payment-api'

/** Spec §4 step 2: the Yape token from Mercado Pago's JS SDK, or from the sandbox when no keys are set. */
export async function createYapeToken(
  config: PaymentConfig,
  input: { phoneNumber: string; otp: string },
): Promise<string> {
  if (config.provider === 'sandbox') return (await createSandboxYapeToken(input)).id
  return createMercadoPagoYapeToken(config.publicKey, input)
}
