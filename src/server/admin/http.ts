import type { Context } from 'hono'
import type { z } from 'zod'
import { ADMIN_MESSAGES, type Page } from '../../shared/admin/common'
import { ServiceError, zodDetails } from '../../shared/errors'
import { sqlState } from '../db/errors'

/**
 * A list's query string checked against its schema: unknown parameters, a page that is not a number or a sort
 * column that does not exist are a Spanish 400, before any query runs.
 */
export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query())
  if (!parsed.success) {
    const details = zodDetails(parsed.error)
    const first = Object.values(details)[0]
    throw new ServiceError('VALIDATION_ERROR', first ?? 'Parámetros de consulta inválidos', details)
  }
  return parsed.data
}

/** 409: the record changed since the editor read it; `current` lets the console show it as it is now. */
export function staleError(current: unknown): ServiceError {
  return new ServiceError('VALIDATION_ERROR', ADMIN_MESSAGES.stale, { current }, 409)
}

/** 409 for a request that contradicts the record's state (already disabled, already an admin…). */
export function conflictError(message: string, details?: unknown): ServiceError {
  return new ServiceError('VALIDATION_ERROR', message, details, 409)
}

export const notFound = (message: string) => new ServiceError('NOT_FOUND', message)

/** A unique key taken (SQLSTATE 23505) becomes the route's 409; anything else goes on up. */
export async function uniqueOr<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (sqlState(error) === '23505') throw conflictError(message)
    throw error
  }
}

export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize

export function pageOf<T>(items: T[], total: number, q: { page: number; pageSize: number }): Page<T> {
  return { items, total, page: q.page, pageSize: q.pageSize }
}

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString()

/** The fields of a PATCH body besides its version; refused when there are none. */
export function changesOf<T extends { version: number }>(body: T): Omit<T, 'version'> {
  const { version: _version, ...rest } = body
  const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
  if (Object.keys(changes).length === 0)
    throw new ServiceError('VALIDATION_ERROR', ADMIN_MESSAGES.nothingToChange)
  return changes as Omit<T, 'version'>
}
