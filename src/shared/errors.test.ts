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
  it('has exactly the ten codes of spec §8, each with a Spanish message and an HTTP status', () => {
    expect(ERROR_CODES).toEqual([
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
    ])
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(5)
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400)
    }
    expect(ERROR_MESSAGES.UNAUTHORIZED).toBe('Usuario no autenticado')
    expect(ERROR_MESSAGES.VALIDATION_ERROR).toBe('Error en la operación')
    expect(ERROR_STATUS.INSUFFICIENT_CREDITS).toBe(402)
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
