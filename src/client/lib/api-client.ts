import type { z } from 'zod'
import { type ErrorBody, toErrorBody } from '../../shared/errors'

/** A failed API call, carrying the server's `{code, message, details}` (spec §8) and the HTTP status. */
export class ApiError extends Error {
  readonly code: ErrorBody['code']
  readonly status: number
  readonly details: unknown
  constructor(body: ErrorBody, status: number) {
    super(body.message)
    this.name = 'ApiError'
    this.code = body.code
    this.status = status
    this.details = body.details
  }
}

async function request<S extends z.ZodType>(path: string, schema: S, init: RequestInit): Promise<z.infer<S>> {
  let res: Response
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    })
  } catch {
    throw new ApiError(
      { code: 'NETWORK_ERROR', message: 'Error de red. Revisa tu conexión e inténtalo de nuevo.' },
      0,
    )
  }
  const json: unknown = await res.json().catch(() => null)
  if (!res.ok) throw new ApiError(toErrorBody(json, res.status), res.status)
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    throw new ApiError({ code: 'UNEXPECTED_ERROR', message: 'Respuesta inválida del servidor' }, res.status)
  }
  return parsed.data
}

export const apiGet = <S extends z.ZodType>(path: string, schema: S) =>
  request(path, schema, { method: 'GET' })

export const apiPost = <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
  request(path, schema, { method: 'POST', body: JSON.stringify(body) })

export const apiPatch = <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
  request(path, schema, { method: 'PATCH', body: JSON.stringify(body) })

export const apiDelete = <S extends z.ZodType>(path: string, schema: S) =>
  request(path, schema, { method: 'DELETE' })
