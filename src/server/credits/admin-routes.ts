import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { ServiceError } from '../../shared/errors'
import type { Logger } from '../../shared/logger'
import { creditsAddRequestSchema, creditsDeductRequestSchema } from '../../shared/payment-schemas'
import { type AuditActor, writeAudit } from '../admin/audit'
import { isAdmin } from '../admin/roles'
import type { Auth } from '../auth/auth'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import type { LogVariables } from '../http/request-log'
import { jsonBody } from '../http/validate'
import {
  type Actor,
  ADD_AMOUNT_MESSAGE,
  adminGrantInTx,
  DEDUCT_AMOUNT_MESSAGE,
  deductInTx,
  getSummary,
} from './ledger'

type Access = { serviceSecret: string | undefined }
type Caller = { actor: Actor; audit: AuditActor }

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Adding and deducting anyone's credits by hand (DESIGN 3: balances change on the server's decision). The
 * handlers are shared by the console's route (/api/admin/credits/*, behind the admin gate) and the spec's
 * /api/credits/add|deduct, kept for internal services (x-service-secret) and admins. Each change is one
 * transaction: the balance, its ledger row (who, why) and its audit row.
 */
function creditChangeHandlers(db: Db, logger: Logger) {
  const positiveInteger = (amount: number, message: string) => {
    if (!(amount > 0)) throw new ServiceError('VALIDATION_ERROR', message)
    if (!Number.isInteger(amount))
      throw new ServiceError('VALIDATION_ERROR', 'La cantidad debe ser un número entero')
  }
  const existing = async (id: string) => {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id))
    if (!row) throw new ServiceError('NOT_FOUND', 'Usuario no encontrado')
  }
  const log = (c: Context, caller: Caller, userId: string, amount: number, remaining: number) =>
    ((c.var as Partial<LogVariables>).logger ?? logger).info('Saldo modificado a mano', {
      actor: caller.actor,
      userId,
      amount,
      remaining,
    })

  return {
    async add(c: Context, caller: Caller) {
      const input = await jsonBody(c, creditsAddRequestSchema)
      positiveInteger(input.amount, ADD_AMOUNT_MESSAGE)
      await existing(input.userId)
      const summary = await db.transaction(async (tx) => {
        const before = await getSummary(tx, input.userId)
        const moved = await adminGrantInTx(tx, {
          userId: input.userId,
          amount: input.amount,
          actor: caller.actor,
          reason: input.reason,
        })
        await writeAudit(tx, caller.audit, {
          action: 'credits.grant',
          entity: 'credits',
          entityId: input.userId,
          before: { remaining: before.remaining_credits, total: before.total_credits },
          after: {
            remaining: moved.summary.remaining_credits,
            total: moved.summary.total_credits,
            amount: input.amount,
          },
          reason: input.reason ?? null,
        })
        return moved.summary
      })
      log(c, caller, input.userId, input.amount, summary.remaining_credits)
      return c.json(summary)
    },

    async deduct(c: Context, caller: Caller) {
      const input = await jsonBody(c, creditsDeductRequestSchema)
      positiveInteger(input.amount, DEDUCT_AMOUNT_MESSAGE)
      await existing(input.userId)
      const summary = await db.transaction(async (tx) => {
        const before = await getSummary(tx, input.userId)
        const moved = await deductInTx(tx, {
          userId: input.userId,
          amount: input.amount,
          actor: caller.actor,
        })
        if (!moved)
          throw new ServiceError('INSUFFICIENT_CREDITS', 'El saldo no alcanza para deducir esa cantidad', {
            required: input.amount,
            remaining: before.remaining_credits,
          })
        await writeAudit(tx, caller.audit, {
          action: 'credits.deduct',
          entity: 'credits',
          entityId: input.userId,
          before: { remaining: before.remaining_credits, total: before.total_credits },
          after: {
            remaining: moved.summary.remaining_credits,
            total: moved.summary.total_credits,
            amount: -input.amount,
          },
        })
        return moved.summary
      })
      log(c, caller, input.userId, -input.amount, summary.remaining_credits)
      return c.json(summary)
    },
  }
}

const SERVICE: Caller = { actor: 'service', audit: { id: 'service', email: 'servicio interno' } }

/**
 * Spec §5/§7 POST /api/credits/add and /deduct, for internal services (x-service-secret) and admins (the admin
 * role, docs/decisions/0024): a signed-in user changing a balance — their own included — gets 403.
 */
export function adminCreditRoutes(db: Db, auth: Auth, access: Access, logger: Logger) {
  const app = new Hono()
  const handlers = creditChangeHandlers(db, logger)

  const authorize = async (headers: Headers): Promise<Caller> => {
    const secret = headers.get('x-service-secret')
    if (secret && access.serviceSecret && sameSecret(secret, access.serviceSecret)) return SERVICE
    const session = await auth.api.getSession({ headers })
    if (!session) throw new ServiceError('UNAUTHORIZED', 'Usuario no autenticado')
    if (!(await isAdmin(db, session.user.id)))
      throw new ServiceError('UNAUTHORIZED', 'No tienes permiso para modificar créditos', undefined, 403)
    return { actor: `admin:${session.user.id}`, audit: { id: session.user.id, email: session.user.email } }
  }

  app.post('/credits/add', async (c) => handlers.add(c, await authorize(c.req.raw.headers)))
  app.post('/credits/deduct', async (c) => handlers.deduct(c, await authorize(c.req.raw.headers)))
  return app
}

/** The same grant, moved under /api/admin (its gate has already checked the role). */
export function consoleCreditRoutes(db: Db, logger: Logger) {
  const app = new Hono()
  const handlers = creditChangeHandlers(db, logger)
  const caller = (c: Context): Caller => {
    const admin = c.get('admin') as { id: string; email: string }
    return { actor: `admin:${admin.id}`, audit: admin }
  }
  app.post('/credits/add', (c) => handlers.add(c, caller(c)))
  app.post('/credits/deduct', (c) => handlers.deduct(c, caller(c)))
  return app
}
