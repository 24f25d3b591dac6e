import { Hono } from 'hono'
import { html } from 'hono/html'
import { errorBody, ServiceError } from '../../../shared/errors'
import { hasControlCharacters } from '../../../shared/fields'
import { sandboxCardTokenRequestSchema, sandboxYapeTokenRequestSchema } from '../../../shared/payment-schemas'
import type { Auth } from '../../auth/auth'
import { type AuthVariables, requireUser } from '../../auth/require-user'
import { jsonBody } from '../../http/validate'
import type { PaymentDeps } from '../deps'
import { processNotification } from '../notifications'
import { verifySignature } from '../signature'
import { cardBrand, cardOutcome, luhnValid, yapeOutcome } from './outcomes'
import type { SandboxProvider } from './provider'

/**
 * The sandbox's stand-ins for Mercado Pago's browser-side calls (card and Yape tokens), its subscription approval
 * page, and the endpoint the settle command uses. Mounted only when the sandbox is the provider (never in
 * production: config.ts refuses it there).
 */
export function sandboxRoutes(deps: PaymentDeps, sandbox: SandboxProvider, auth: Auth) {
  const app = new Hono<{ Variables: AuthVariables }>()
  const signedIn = requireUser(auth)

  app.post('/card-token', signedIn, async (c) => {
    const card = await jsonBody(c, sandboxCardTokenRequestSchema)
    if (!luhnValid(card.cardNumber)) throw new ServiceError('VALIDATION_ERROR', 'Número de tarjeta inválido')
    const now = new Date()
    const expired =
      Number(card.expirationYear) < now.getFullYear() ||
      (Number(card.expirationYear) === now.getFullYear() && Number(card.expirationMonth) < now.getMonth() + 1)
    if (expired) throw new ServiceError('VALIDATION_ERROR', 'La tarjeta está vencida')
    const methodId = cardBrand(card.cardNumber)
    const id = await sandbox.createToken(
      cardOutcome(card.cardholderName),
      methodId,
      card.cardNumber.slice(-4),
    )
    return c.json({ id, payment_method_id: methodId, last_four_digits: card.cardNumber.slice(-4) })
  })

  app.post('/yape-token', signedIn, async (c) => {
    const { phoneNumber, otp } = await jsonBody(c, sandboxYapeTokenRequestSchema)
    const id = await sandbox.createToken(yapeOutcome(phoneNumber, otp), 'yape', null)
    return c.json({ id, payment_method_id: 'yape', last_four_digits: null })
  })

  /** Stands in for Mercado Pago's subscription checkout: the payer reads what they approve and authorises it. */
  app.get('/subscriptions/:id', signedIn, async (c) => {
    const id = c.req.param('id')
    const subscription = hasControlCharacters(id) ? null : await sandbox.getSubscription(id)
    if (!subscription) return c.json(errorBody('NOT_FOUND', 'Suscripción no encontrada'), 404)
    const pending = subscription.status === 'pending'
    return c.html(html`<!doctype html>
      <html lang="es">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Autorizar suscripción · sandbox</title>
          <style>
            body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
            button { font-size: 1rem; padding: 0.6rem 1.2rem; background: #0e7490; color: #fff; border: 0; border-radius: 6px; }
          </style>
        </head>
        <body>
          <h1>Autorizar suscripción</h1>
          <p>Pagos de prueba: aquí Mercado Pago pediría tu tarjeta. No se cobra nada real.</p>
          <p>Monto por periodo: S/ ${Number((subscription as { amount?: number }).amount ?? 0).toFixed(2)}</p>
          ${
            pending
              ? html`<form method="post" action="/api/payment/sandbox/subscriptions/${subscription.id}/authorize">
                  <button type="submit">Autorizar suscripción</button>
                </form>`
              : html`<p>Estado: ${subscription.status}</p><p><a href="/protected/chat">Volver a Lexia</a></p>`
          }
        </body>
      </html>`)
  })

  app.post('/subscriptions/:id/authorize', signedIn, async (c) => {
    const id = c.req.param('id')
    const subscription = hasControlCharacters(id) ? null : await sandbox.getSubscription(id)
    // Only the subscriber's own subscription: we keep who started it.
    const mine =
      subscription?.externalReference &&
      (await deps.db.query.paymentAttempts.findFirst({
        where: (a, { and, eq }) =>
          and(eq(a.id, subscription.externalReference!), eq(a.userId, c.get('user').id)),
      }))
    if (!mine) return c.json(errorBody('NOT_FOUND', 'Suscripción no encontrada'), 404)
    const authorized = await sandbox.authorizeSubscription(id)
    // Mercado Pago would now notify the period's charge; the sandbox runs the same processing directly.
    if (authorized)
      await processNotification(deps, { type: 'subscription_authorized_payment', id: authorized.id })
    return c.redirect('/protected/chat?suscripcion=autorizada', 303)
  })

  /**
   * For `npm run payments:settle`: approves a pending sandbox payment. Signed like a webhook with the webhook
   * secret (which only the server and the data folder hold); the command then sends the payment's webhook.
   */
  app.post('/payments/:id/settle', async (c) => {
    const id = c.req.param('id')
    const check = verifySignature(deps.config.webhookSecret, {
      signature: c.req.header('x-signature'),
      requestId: c.req.header('x-request-id'),
      dataId: id,
    })
    if (!check.ok) return c.json(errorBody('UNAUTHORIZED', 'Firma inválida'), 401)
    const settled = await sandbox.settlePayment(id)
    if (!settled) return c.json(errorBody('NOT_FOUND', 'No hay un pago pendiente con ese id'), 404)
    return c.json({ id: settled.id, status: settled.status, status_detail: settled.statusDetail })
  })

  return app
}
