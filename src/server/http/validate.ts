import type { Context } from 'hono'
import type { z } from 'zod'
import { type ErrorCode, ServiceError, zodDetails } from '../../shared/errors'

type Failure = { code?: ErrorCode; message?: string }

/**
 * The request's JSON body checked against its payload schema. A body that is not JSON, or not the schema's
 * shape, is refused with the Spanish message (the route's own, else the first problem) and the field details.
 */
export async function jsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  failure: Failure = {},
): Promise<z.infer<S>> {
  const code = failure.code ?? 'VALIDATION_ERROR'
  const raw: unknown = await c.req.json().catch(() => undefined)
  if (raw === undefined) throw new ServiceError(code, failure.message ?? 'El cuerpo debe ser JSON válido')
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const details = zodDetails(parsed.error)
    throw new ServiceError(code, failure.message ?? Object.values(details)[0], details)
  }
  return parsed.data
}
