import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  ERROR_STATUS,
  errorBody,
  errorBodySchema,
  ServiceError,
  toErrorBody,
  zodDetails,
} from './errors'

describe('error catalogue', () => {
  it('gives every code a body the client reads back as the same error, with a Spanish message and an error status', () => {
    for (const code of ERROR_CODES) {
      const error = new ServiceError(code)
      expect(error.status).toBeGreaterThanOrEqual(400)
      expect(error.message).toBe(ERROR_MESSAGES[code])
      // What the server sends is what the client reads: no code is lost on the way to a toast.
      expect(toErrorBody(JSON.parse(JSON.stringify(error.toBody())), error.status)).toEqual({
        code,
        message: ERROR_MESSAGES[code],
      })
    }
  })

  it('lets a route give a more precise message or status than the defaults of its code', () => {
    const error = new ServiceError('NOT_FOUND', 'Agente no encontrado', undefined, 410)
    expect(error.status).toBe(410)
    expect(error.toBody()).toEqual({ code: 'NOT_FOUND', message: 'Agente no encontrado' })
    expect(new ServiceError('INSUFFICIENT_CREDITS').status).toBe(ERROR_STATUS.INSUFFICIENT_CREDITS)
  })

  it('builds bodies with and without details', () => {
    expect(errorBody('NOT_FOUND')).toEqual({ code: 'NOT_FOUND', message: 'Recurso no encontrado' })
    expect(errorBody('NOT_FOUND', 'Agente no encontrado', { id: 3 })).toEqual({
      code: 'NOT_FOUND',
      message: 'Agente no encontrado',
      details: { id: 3 },
    })
    const e = new ServiceError('INSUFFICIENT_CREDITS')
    expect(e.status).toBe(402)
    expect(errorBodySchema.parse(e.toBody())).toEqual(e.toBody())
  })

  it('reads an error body from JSON, or makes a NETWORK_ERROR carrying the status', () => {
    expect(toErrorBody({ code: 'PAYMENT_ERROR', message: 'x' }, 402)).toEqual({
      code: 'PAYMENT_ERROR',
      message: 'x',
    })
    expect(toErrorBody('<html>bad gateway</html>', 502)).toEqual({
      code: 'NETWORK_ERROR',
      message: ERROR_MESSAGES.NETWORK_ERROR,
      details: { status: 502 },
    })
    expect(toErrorBody({ code: 'NOPE', message: 'x' }, 500).code).toBe('NETWORK_ERROR')
  })

  it('flattens zod issues by field, first message wins', () => {
    const schema = z.object({
      a: z.string().min(2, 'corto'),
      b: z.object({ c: z.number({ error: 'número' }) }),
    })
    const result = schema.safeParse({ a: 'x', b: { c: 'y' } })
    expect(result.success).toBe(false)
    if (!result.success) expect(zodDetails(result.error)).toEqual({ a: 'corto', 'b.c': 'número' })
  })
})
