import { randomUUID } from 'node:crypto'
import { signNotification } from '../signature'

type Fetch = (input: string, init: RequestInit) => Promise<Response>

export type SettleResult = { ok: true; result: string } | { ok: false; message: string }

const signedHeaders = (secret: string, id: string) => {
  const requestId = randomUUID()
  return {
    'content-type': 'application/json',
    'x-request-id': requestId,
    'x-signature': signNotification(secret, id, requestId, String(Math.floor(Date.now() / 1000))),
  }
}

/**
 * What `npm run payments:settle` does against a running server: the sandbox approves the pending payment (as
 * Mercado Pago would once the payer's money arrives), then a correctly signed webhook tells the server, which
 * fetches the payment and credits it exactly once — the same path a real notification takes.
 */
export async function settleSandboxPayment(
  options: { baseUrl: string; webhookSecret: string; paymentId: string },
  fetchImpl: Fetch = fetch,
): Promise<SettleResult> {
  const { baseUrl, webhookSecret, paymentId } = options
  if (!/^\d{1,20}$/.test(paymentId)) return { ok: false, message: `Id de pago inválido: ${paymentId}` }
  const approve = await fetchImpl(`${baseUrl}/api/payment/sandbox/payments/${paymentId}/settle`, {
    method: 'POST',
    headers: signedHeaders(webhookSecret, paymentId),
    body: '{}',
  })
  if (!approve.ok) {
    const body = (await approve.json().catch(() => ({}))) as { message?: string }
    return { ok: false, message: body.message ?? `El servidor respondió ${approve.status}` }
  }
  const notified = await fetchImpl(`${baseUrl}/api/payment/webhook?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: signedHeaders(webhookSecret, paymentId),
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: paymentId } }),
  })
  const body = (await notified.json().catch(() => ({}))) as { result?: string; message?: string }
  if (!notified.ok) return { ok: false, message: body.message ?? `El webhook respondió ${notified.status}` }
  return { ok: true, result: body.result ?? 'procesado' }
}
