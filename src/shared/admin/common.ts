import { z } from 'zod'
import { INT4_MAX, safeText } from '../fields'

/**
 * What every /api/admin/* list shares: server-side paging, a free-text search and a sort over a fixed set of
 * columns. Query parameters arrive as text, so numbers are coerced and everything unknown is refused.
 */

export const ADMIN_PAGE_SIZE_DEFAULT = 25
export const ADMIN_PAGE_SIZE_MAX = 100

export const ADMIN_MESSAGES = {
  forbidden: 'No tienes permiso para usar la consola de administración',
  stale: 'Otra persona modificó este registro mientras lo editabas. Recarga los datos e inténtalo de nuevo.',
  page: 'La página debe ser un número entero mayor que cero',
  pageSize: `El tamaño de página debe estar entre 1 y ${ADMIN_PAGE_SIZE_MAX}`,
  sort: 'No se puede ordenar por ese campo',
  dir: 'El orden debe ser asc o desc',
  version: 'Falta la versión del registro que editas',
  reason: 'Indica el motivo (entre 3 y 500 caracteres)',
  nothingToChange: 'No hay ningún cambio que guardar',
} as const

/** A query parameter's integer: digits only (no '1e3', no '0x10'), within int4. */
export const queryInt = (message: string, min = 1, max = INT4_MAX) =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))

const searchText = safeText().trim().max(200, 'La búsqueda no puede tener más de 200 caracteres')

/** The paging part of every list's query: `?page=1&pageSize=25&q=texto&sort=<column>&dir=asc|desc`. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSort: S[number],
) {
  return z.strictObject({
    page: queryInt(ADMIN_MESSAGES.page).default(1),
    pageSize: queryInt(ADMIN_MESSAGES.pageSize, 1, ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
    q: searchText.optional(),
    sort: z.enum(sorts, { error: ADMIN_MESSAGES.sort }).default(defaultSort as never),
    dir: z.enum(['asc', 'desc'], { error: ADMIN_MESSAGES.dir }).default('desc'),
  })
}

/** `?reviewed=true|false` and other yes/no filters. */
export const queryBoolean = z
  .enum(['true', 'false'], { error: 'Debe ser true o false' })
  .transform((v) => v === 'true')

/** A list answer: one page of items and how many match in all. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  })
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

/**
 * The optimistic-lock field of every edit: the `version` the editor read. A stale one gets 409 with
 * ADMIN_MESSAGES.stale and `details.current` (the record as it now is), and changes nothing.
 */
export const versionField = z
  .int({ error: ADMIN_MESSAGES.version })
  .min(1, ADMIN_MESSAGES.version)
  .max(INT4_MAX)

/** Why an operator changed a balance or an account; stored on the audit row (and the ledger's). */
export const reasonField = safeText({ error: ADMIN_MESSAGES.reason })
  .trim()
  .min(3, ADMIN_MESSAGES.reason)
  .max(500, ADMIN_MESSAGES.reason)

/** ISO timestamps travel as strings. */
export const isoDate = z.string()
