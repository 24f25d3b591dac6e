import type { Logger } from '../../shared/logger'
import type { PaymentsConfig } from '../config'
import type { Db } from '../db/client'
import type { PaymentProvider } from './provider'

/** What the payment flows need; the provider is the Mercado Pago adapter or the sandbox (DESIGN 6). */
export type PaymentDeps = {
  db: Db
  logger: Logger
  provider: PaymentProvider
  config: PaymentsConfig
  baseUrl: string
}

/** Mercado Pago only notifies public https URLs; a local install has none and relies on the synchronous answer. */
export function notificationUrl(baseUrl: string): string | null {
  return baseUrl.startsWith('https://') ? `${baseUrl}/api/payment/webhook` : null
}
