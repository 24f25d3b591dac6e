import { loadScript, MERCADOPAGO_SDK_URL } from './load-script'

/** The part of Mercado Pago's JS SDK v2 the Yape flow uses (Yape is not in sdk-react). */
export type YapeTokenResult = { id: string } | string
export type MercadoPagoInstance = {
  yape: (options: { otp: string; phoneNumber: string }) => { create: () => Promise<YapeTokenResult> }
}
export type MercadoPagoConstructor = new (
  publicKey: string,
  options?: { locale?: string },
) => MercadoPagoInstance

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor
    /** Set by Mercado Pago's security script: the device-session id sent with a card payment. */
    MP_DEVICE_SESSION_ID?: string
  }
}

export const MERCADOPAGO_NOT_READY_MESSAGE = 'El SDK de Mercado Pago no está inicializado'

/** Spec §5: without the SDK the Yape token cannot be made; the error says so and names the provider. */
export async function createMercadoPagoYapeToken(
  publicKey: string | null,
  input: { otp: string; phoneNumber: string },
): Promise<string> {
  if (!publicKey) throw new Error(MERCADOPAGO_NOT_READY_MESSAGE)
  try {
    await loadScript(MERCADOPAGO_SDK_URL)
  } catch {
    throw new Error(MERCADOPAGO_NOT_READY_MESSAGE)
  }
  const MercadoPago = window.MercadoPago
  if (!MercadoPago) throw new Error(MERCADOPAGO_NOT_READY_MESSAGE)
  const result = await new MercadoPago(publicKey, { locale: 'es-PE' }).yape(input).create()
  const token = typeof result === 'string' ? result : result?.id
  if (!token) throw new Error('Mercado Pago no generó el token de Yape')
  return token
}
