import { ApiError } from '../../../lib/api-client'

/** The Spanish sentence to show for a failed console request. */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return 'Ocurrió un error inesperado. Inténtalo de nuevo.'
}

/**
 * A 409 whose `details.current` is the record as it now is (docs/decisions/0021): someone else saved it after it
 * was read. Other 409s (duplicates, already done) carry no record.
 */
export function staleRecord(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const details = error.details
  if (details && typeof details === 'object' && 'current' in details) return details.current ?? undefined
  return undefined
}
