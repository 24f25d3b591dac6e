import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { errorBody, ServiceError } from '../../shared/errors'
import type { Logger } from '../../shared/logger'
import { describeDbError, isDataException } from '../db/errors'

export const OUT_OF_RANGE_MESSAGE = 'Algún dato enviado no es válido o está fuera del rango permitido'

/**
 * Every thrown error leaves as `{code,message,details}`; unexpected ones are logged, never echoed. A database
 * error is logged by its SQLSTATE and message only: the SQL and its parameters (what the user typed) stay out.
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ServiceError) {
      return c.json(error.toBody(), error.status as ContentfulStatusCode)
    }
    if (error instanceof HTTPException) {
      const status = error.status
      if (status === 413)
        return c.json(errorBody('VALIDATION_ERROR', 'La solicitud es demasiado grande'), 413)
      if (status < 500) return c.json(errorBody('INVALID_PARAMS', 'Solicitud inválida'), status)
    }
    const log = (c.get('logger') as Logger | undefined) ?? logger
    const where = { method: c.req.method, path: c.req.path }
    const db = describeDbError(error)
    if (db && isDataException(db.sqlState)) {
      // The last line of defence: a value validation let through is still the request's fault, not the server's.
      log.warn('Valor rechazado por la base de datos', { ...where, ...db })
      return c.json(errorBody('VALIDATION_ERROR', OUT_OF_RANGE_MESSAGE), 400)
    }
    if (db) log.error('Error de base de datos en una ruta', { ...where, ...db })
    else log.error('Error no controlado en una ruta', { ...where, error: error.message, stack: error.stack })
    return c.json(errorBody('UNEXPECTED_ERROR'), 500)
  }
}
