import {
  interpretCardResponse,
  interpretYapeResponse,
  missingTokenOutcome,
  type PaymentOutcome,
} from '../../../shared/payment-messages'
import {
  type CardPaymentRequest,
  paymentConfigSchema,
  sandboxTokenResponseSchema,
  type YapePaymentRequest,
} from '../../../shared/payment-schemas'
import { apiGet, apiPost } from '../../lib/api-client'
import type { SandboxCardRequest } from './sandbox-card'

export const getPaymentConfig = () => apiGet('/api/payment/config', paymentConfigSchema)

/**
 * The payment calls read their body whatever the status (a 402 still says why), so they use fetch directly
 * rather than apiPost, which also cannot add the device-session header.
 */
async function postForOutcome(
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const json: unknown = await res.json().catch(() => null)
  return { status: res.status, json }
}

/** POST /api/payment/create with the device-session id in X-meli-session-id (spec §7), mapped as spec §8. */
export async function submitCardPayment(request: CardPaymentRequest): Promise<PaymentOutcome> {
  if (!request.token) return missingTokenOutcome()
  const headers: Record<string, string> = request.deviceId ? { 'X-meli-session-id': request.deviceId } : {}
  const { status, json } = await postForOutcome('/api/payment/create', request, headers)
  return interpretCardResponse(status, json)
}

/** POST /api/payment/yape, mapped as spec §4/§8. */
export async function submitYapePayment(request: YapePaymentRequest): Promise<PaymentOutcome> {
  const { status, json } = await postForOutcome('/api/payment/yape', request, {})
  return interpretYapeResponse(status, json)
}

/** The sandbox's stand-in for Mercado Pago's card_tokens call. */
export const createSandboxCardToken = (request: SandboxCardRequest) =>
  apiPost('/api/payment/sandbox/card-token', request, sandboxTokenResponseSchema)

/** The sandbox's stand-in for the Yape SDK's token call. */
export const createSandboxYapeToken = (input: { phoneNumber: string; otp: string }) =>
  apiPost('/api/payment/sandbox/yape-token', input, sandboxTokenResponseSchema)
