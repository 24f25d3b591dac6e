import { Hono } from 'hono'
import { errorBody } from '../../shared/errors'
import {
  cardPaymentRequestSchema,
  type PaymentConfig,
  subscriptionRequestSchema,
  yapePaymentRequestSchema,
} from '../../shared/payment-schemas'
import type { Auth } from '../auth/auth'
import { type AuthVariables, requireUser } from '../auth/require-user'
import { isJsonContentType, jsonBody } from '../http/validate'
import { payWithCard, payWithYape } from './checkout'
import type { PaymentDeps } from './deps'
import { processNotification } from './notifications'
import { listPlans, purchaseState } from './plans'
import { verifySignature } from './signature'
import { cancelSubscription, startSubscription } from './subscriptions'

/** Spec §7 purchases: plans, the caller's purchase dates, card and Yape payments, subscriptions, the webhook. */
export function paymentRoutes(deps: PaymentDeps, auth: Auth) {
  const { db, logger, config } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const signedIn = requireUser(auth)

  app.get('/credits/plans', async (c) => c.json(await listPlans(db)))
  app.get('/credits/purchases', signedIn, async (c) => c.json(await purchaseState(db, c.get('user').id)))
  app.get('/payment/config', signedIn, (c) =>
    c.json({ provider: config.provider, publicKey: config.publicKey } satisfies PaymentConfig),
  )

  app.post('/payment/create', signedIn, async (c) => {
    const body = await jsonBody(c, cardPaymentRequestSchema, { message: 'Datos de pago inválidos' })
    const deviceId = c.req.header('x-meli-session-id') ?? body.deviceId ?? null
    const result = await payWithCard(deps, c.get('user'), body, deviceId?.slice(0, 200) ?? null)
    return c.json(result.body, result.status as 200)
  })

  app.post('/payment/yape', signedIn, async (c) => {
    const body = await jsonBody(c, yapePaymentRequestSchema, { message: 'Datos de pago inválidos' })
    const result = await payWithYape(deps, c.get('user'), body)
    return c.json(result.body, result.status as 200)
  })

  app.post('/payment/subscription', signedIn, async (c) => {
    const { plan_id } = await jsonBody(c, subscriptionRequestSchema)
    return c.json(await startSubscription(deps, c.get('user'), plan_id))
  })
  app.post('/payment/subscription/cancel', signedIn, async (c) => {
    const { plan_id } = await jsonBody(c, subscriptionRequestSchema)
    return c.json(await cancelSubscription(deps, c.get('user').id, plan_id))
  })

  /**
   * Mercado Pago's notifications: the x-signature is checked before anything is read or written, then the
   * object is fetched from the provider and recorded exactly once. A failure answers 500 so the provider retries.
   */
  app.post('/payment/webhook', async (c) => {
    const json = isJsonContentType(c.req.header('content-type')) ? await c.req.json().catch(() => ({})) : {}
    const body = (json ?? {}) as { type?: unknown; data?: { id?: unknown } }
    const dataId = c.req.query('data.id') ?? (body.data?.id != null ? String(body.data.id) : undefined)
    const type = c.req.query('type') ?? (typeof body.type === 'string' ? body.type : undefined)
    const check = verifySignature(config.webhookSecret, {
      signature: c.req.header('x-signature'),
      requestId: c.req.header('x-request-id'),
      dataId,
    })
    if (!check.ok) {
      logger.warn('Notificación de pago con firma inválida', { reason: check.reason })
      return c.json(errorBody('UNAUTHORIZED', 'Firma inválida'), 401)
    }
    if (!type || !dataId || dataId.length > 100) return c.json({ received: true, result: 'ignorado' })
    const result = await processNotification(deps, { type, id: dataId })
    logger.info('Notificación de pago procesada', { type, dataId, result })
    return c.json({ received: true, result })
  })

  return app
}
