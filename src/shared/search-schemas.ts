import { z } from 'zod'
import { safeText } from './fields'

/** GET /api/search query string. */
export const searchQuerySchema = z.object({
  q: safeText({ error: 'Escribe qué quieres buscar' })
    .trim()
    .min(2, 'La búsqueda debe tener al menos 2 caracteres')
    .max(500, 'La búsqueda no puede tener más de 500 caracteres'),
  type: z.enum(['norma', 'sentencia'], { error: 'El tipo debe ser norma o sentencia' }).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'El país debe ser un código ISO de 2 letras')
    .transform((c) => c.toUpperCase())
    .optional(),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite debe estar entre 1 y 50')
    .max(50, 'El límite debe estar entre 1 y 50')
    .default(10),
})
export type SearchQuery = z.infer<typeof searchQuerySchema>

/**
 * A source item (spec §3), plus what the sources drawer shows beyond the spec: the norm's status and last
 * update, its article label, and a snippet with the query's words between \u0002 and \u0003.
 */
export const sourceItemSchema = z.object({
  title: z.string(),
  tipo_alias: z.string(),
  jerarquia_alias: z.string(),
  content: z.string(),
  file_name: z.string(),
  path: z.string(),
  url: z.string(),
  page_number: z.number().int(),
  context_page: z.string(),
  identifier: z.string(),
  kind: z.enum(['norma', 'sentencia']),
  label: z.string(),
  heading: z.string().nullable(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  last_updated: z.string().nullable(),
  notes: z.array(z.string()),
  snippet: z.string(),
})
export type SourceItem = z.infer<typeof sourceItemSchema>

export const searchResponseSchema = z.object({
  results: z.array(sourceItemSchema),
  /** True when nothing is indexed yet: the answer should say so rather than "no results". */
  emptyIndex: z.boolean(),
})
export type SearchResponse = z.infer<typeof searchResponseSchema>
