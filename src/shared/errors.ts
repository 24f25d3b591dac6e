import { z } from 'zod'

/** The ten service error codes of spec §8; every API error travels as `{ code, message, details }`. */
export const ERROR_CODES = [
  'UNAUTHORIZED',
  'INVALID_PARAMS',
  'NOT_FOUND',
  'DATABASE_ERROR',
  'NETWORK_ERROR',
  'VALIDATION_ERROR',
  'INSUFFICIENT_CREDITS',
  'PAYMENT_ERROR',
  'COMMUNICATION_ERROR',
  'UNEXPECTED_ERROR',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Default Spanish message of each code; a route may give a more precise one. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  UNAUTHORIZED: 'Usuario no autenticado',
  INVALID_PARAMS: 'Parámetros inválidos',
  NOT_FOUND: 'Recurso no encontrado',
  DATABASE_ERROR: 'Error al acceder a la base de datos',
  NETWORK_ERROR: 'Error de red. Revisa tu conexión e inténtalo de nuevo.',
  VALIDATION_ERROR: 'Error en la operación',
  INSUFFICIENT_CREDITS: 'No tienes créditos suficientes para esta consulta',
  PAYMENT_ERROR: 'Hubo un problema al procesar tu pago',
  COMMUNICATION_ERROR: 'Error de comunicación con el agente',
  UNEXPECTED_ERROR: 'Ocurrió un error inesperado en el servidor',
}

/** HTTP status each code answers with. NETWORK_ERROR carries its own status in details. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  UNAUTHORIZED: 401,
  INVALID_PARAMS: 400,
  NOT_FOUND: 404,
  DATABASE_ERROR: 500,
  NETWORK_ERROR: 502,
  VALIDATION_ERROR: 400,
  INSUFFICIENT_CREDITS: 402,
  PAYMENT_ERROR: 402,
  COMMUNICATION_ERROR: 502,
  UNEXPECTED_ERROR: 500,
}

export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

/** A failure a service meant to report; anything else thrown becomes UNEXPECTED_ERROR. */
export class ServiceError extends Error {
  readonly code: ErrorCode
  readonly details: unknown
  readonly status: number

  constructor(code: ErrorCode, message?: string, details?: unknown, status?: number) {
    super(message ?? ERROR_MESSAGES[code])
    this.name = 'ServiceError'
    this.code = code
    this.details = details
    this.status = status ?? ERROR_STATUS[code]
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }
}

export function errorBody(code: ErrorCode, message?: string, details?: unknown): ErrorBody {
  return new ServiceError(code, message, details).toBody()
}

/** Reads an error body from any JSON; a body that is not one becomes NETWORK_ERROR with the status. */
export function toErrorBody(json: unknown, status: number): ErrorBody {
  const parsed = errorBodySchema.safeParse(json)
  if (parsed.success) return parsed.data
  return errorBody('NETWORK_ERROR', undefined, { status })
}

/** Flattens zod issues into `{ field: message }` for the `details` of a VALIDATION_ERROR. */
export function zodDetails(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    out[key] ??= issue.message
  }
  return out
}
