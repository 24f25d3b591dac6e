import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { errorBody, ServiceError } from '../../shared/errors'
import type { Logger } from '../../shared/logger'

/** Every thrown error leaves as `{code,message,details}`; unexpected ones are logged, never echoed. */
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
    log.error('Error no controlado en una ruta', {
      method: c.req.method,
      path: c.req.path,
      error: error.message,
      stack: error.stack,
    })
    return c.json(errorBody('UNEXPECTED_ERROR'), 500)
  }
}
