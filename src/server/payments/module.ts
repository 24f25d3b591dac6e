import { Hono } from 'hono'
import type { Logger } from '../../shared/logger'
import type { Auth } from '../auth/auth'
import type { AuthVariables } from '../auth/require-user'
import type { AppConfig } from '../config'
import type { Db } from '../db/client'
import type { PaymentDeps } from './deps'
import { createMercadoPagoProvider } from './mercadopago/adapter'
import type { PaymentProvider } from './provider'
import { paymentRoutes } from './routes'
import { createSandboxProvider } from './sandbox/provider'
import { sandboxRoutes } from './sandbox/routes'

/**
 * DESIGN 6: Mercado Pago when its keys are set, else the offline sandbox (which config.ts refuses in production).
 * Tests may pass their own provider.
 */
export function paymentsModule(
  input: { config: AppConfig; db: Db; logger: Logger; auth: Auth },
  provider?: PaymentProvider,
) {
  const { config, db, logger, auth } = input
  const payments = config.payments
  const sandbox =
    !provider && payments.provider === 'sandbox'
      ? createSandboxProvider(db, { baseUrl: config.baseUrl })
      : null
  const chosen =
    provider ??
    sandbox ??
    createMercadoPagoProvider({ accessToken: payments.accessToken ?? '', timeoutMs: 10_000 })
  const deps: PaymentDeps = { db, logger, provider: chosen, config: payments, baseUrl: config.baseUrl }
  const app = new Hono<{ Variables: AuthVariables }>()
  app.route('/', paymentRoutes(deps, auth))
  if (sandbox && config.nodeEnv !== 'production')
    app.route('/payment/sandbox', sandboxRoutes(deps, sandbox, auth))
  return { app, deps }
}
