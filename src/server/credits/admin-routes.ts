import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { ServiceError } from '../../shared/errors'
import type { Logger } from '../../shared/logger'
import { creditsAddRequestSchema, creditsDeductRequestSchema } from '../../shared/payment-schemas'
import type { Auth } from '../auth/auth'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import type { LogVariables } from '../http/request-log'
import { jsonBody } from '../http/validate'
import {
  type Actor,
  ADD_AMOUNT_MESSAGE,
  DEDUCT_AMOUNT_MESSAGE,
  deductCredits,
  getSummary,
  grantCredits,
} from './ledger'

type Access = { adminEmails: string[]; serviceSecret: string | undefined }

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Spec §5/§7 POST /api/credits/add and /deduct, for admins (ADMIN_EMAILS) and internal services (x-service-secret)
 * only: a signed-in user changing a balance — their own included — gets 403 (DESIGN 3: balances change on the
 * server's decision). Every change stores who made it on its ledger row and is logged.
 */
export function adminCreditRoutes(db: Db, auth: Auth, access: Access, logger: Logger) {
  const app = new Hono<{ Variables: Partial<LogVariables> }>()

  const authorize = async (headers: Headers): Promise<Actor> => {
    const secret = headers.get('x-service-secret')
    if (secret && access.serviceSecret && sameSecret(secret, access.serviceSecret)) return 'service'
    const session = await auth.api.getSession({ headers })
    if (!session) throw new ServiceError('UNAUTHORIZED', 'Usuario no autenticado')
    if (!access.adminEmails.includes(session.user.email.toLowerCase()))
      throw new ServiceError('UNAUTHORIZED', 'No tienes permiso para modificar créditos', undefined, 403)
    return `admin:${session.user.id}`
  }
  const existing = async (id: string) => {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id))
    if (!row) throw new ServiceError('NOT_FOUND', 'Usuario no encontrado')
  }
  const positiveInteger = (amount: number, message: string) => {
    if (!(amount > 0)) throw new ServiceError('VALIDATION_ERROR', message)
    if (!Number.isInteger(amount))
      throw new ServiceError('VALIDATION_ERROR', 'La cantidad debe ser un número entero')
  }

  app.post('/credits/add', async (c) => {
    const actor = await authorize(c.req.raw.headers)
    const input = await jsonBody(c, creditsAddRequestSchema)
    positiveInteger(input.amount, ADD_AMOUNT_MESSAGE)
    await existing(input.userId)
    const { summary } = await grantCredits(db, {
      userId: input.userId,
      amount: input.amount,
      kind: 'admin',
      actor,
    })
    ;(c.var.logger ?? logger).info('Saldo modificado a mano', {
      actor,
      userId: input.userId,
      amount: input.amount,
      remaining: summary.remaining_credits,
    })
    return c.json(summary)
  })

  app.post('/credits/deduct', async (c) => {
    const actor = await authorize(c.req.raw.headers)
    const input = await jsonBody(c, creditsDeductRequestSchema)
    positiveInteger(input.amount, DEDUCT_AMOUNT_MESSAGE)
    await existing(input.userId)
    const summary = await deductCredits(db, { userId: input.userId, amount: input.amount, actor })
    if (!summary) {
      const current = await getSummary(db, input.userId)
      throw new ServiceError('INSUFFICIENT_CREDITS', 'El saldo no alcanza para deducir esa cantidad', {
        required: input.amount,
        remaining: current.remaining_credits,
      })
    }
    ;(c.var.logger ?? logger).info('Saldo modificado a mano', {
      actor,
      userId: input.userId,
      amount: -input.amount,
      remaining: summary.remaining_credits,
    })
    return c.json(summary)
  })

  return app
}
