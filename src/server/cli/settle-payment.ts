// npm run payments:settle -- PAYMENT_ID
// Approves a pending sandbox payment on a running server (BASE_URL, else http://localhost:PORT) and sends its
// signed webhook. Sandbox only: refused in production and when Mercado Pago keys are set.
import { loadConfigOrExit } from '../config'
import { settleSandboxPayment } from '../payments/sandbox/settle'

const paymentId = process.argv[2]
const config = loadConfigOrExit()
if (config.nodeEnv === 'production' || config.payments.provider !== 'sandbox') {
  console.error('payments:settle solo funciona con el sandbox de pagos, nunca en producción.')
  process.exit(1)
}
if (!paymentId) {
  console.error('Uso: npm run payments:settle -- ID_DEL_PAGO (el id que devolvió el pago pendiente)')
  process.exit(2)
}
const result = await settleSandboxPayment({
  baseUrl: config.baseUrl,
  webhookSecret: config.payments.webhookSecret,
  paymentId,
}).catch((error: unknown) => ({
  ok: false as const,
  message: `No se pudo contactar al servidor en ${config.baseUrl}: ${error instanceof Error ? error.message : error}`,
}))
if (!result.ok) {
  console.error(`No se liquidó el pago ${paymentId}: ${result.message}`)
  process.exit(1)
}
console.log(`Pago ${paymentId} aprobado y notificado: ${result.result}.`)
