import type { Context } from 'hono'
import type { z } from 'zod'
import { type ErrorCode, ServiceError, zodDetails } from '../../shared/errors'
import { CONTROL_CHARACTERS_MESSAGE, containsControlCharacters } from '../../shared/fields'

type Failure = { code?: ErrorCode; message?: string }

export const NOT_JSON_MESSAGE = 'El cuerpo de la solicitud debe ser JSON válido'
export const NOT_JSON_CONTENT_TYPE_MESSAGE =
  'El cuerpo de la solicitud debe enviarse como JSON (Content-Type: application/json)'

/** `application/json`, or a `+json` type, with any parameters (charset). */
export function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

/**
 * The request's JSON body checked against its payload schema. Only a body sent as JSON is read as JSON (a form
 * or text/plain post is what a cross-site page can send without asking); one that is not JSON, or not the
 * schema's shape, is refused with the Spanish message (the route's own, else the first problem) and the field
 * details.
 */
export async function jsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  failure: Failure = {},
): Promise<z.infer<S>> {
  const code = failure.code ?? 'VALIDATION_ERROR'
  if (!isJsonContentType(c.req.header('content-type')))
    throw new ServiceError(code, NOT_JSON_CONTENT_TYPE_MESSAGE, undefined, 415)
  const raw: unknown = await c.req.json().catch(() => undefined)
  if (raw === undefined) throw new ServiceError(code, failure.message ?? NOT_JSON_MESSAGE)
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const details = zodDetails(parsed.error)
    throw new ServiceError(code, failure.message ?? Object.values(details)[0], details)
  }
  // The schemas refuse control characters field by field; this catches a field a schema lets through whole
  // (a `z.unknown()` block) before it can reach a text column.
  if (containsControlCharacters(parsed.data)) throw new ServiceError(code, CONTROL_CHARACTERS_MESSAGE)
  return parsed.data
}

/**
 * A path parameter checked against its schema. A parameter that cannot name anything (an id above int4, a
 * malformed session id) is refused with the route's own code and message, before any query runs.
 */
export function pathParam<S extends z.ZodType>(
  c: Context,
  name: string,
  schema: S,
  failure: Required<Failure>,
): z.infer<S> {
  const parsed = schema.safeParse(c.req.param(name))
  if (!parsed.success) throw new ServiceError(failure.code, failure.message)
  return parsed.data
}
