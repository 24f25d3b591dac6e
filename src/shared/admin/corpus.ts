import { z } from 'zod'
import { corpusStatusSchema } from '../corpus-status-schemas'
import { safeText } from '../fields'
import { isoDate, listQuerySchema, pageSchema } from './common'

export const CORPUS_MESSAGES = {
  path: 'Indica la ruta de un archivo del corpus, relativa a su carpeta (sin ..)',
  target: 'Indica un archivo (path) o todo el corpus (all: true), no ambos',
  noCorpus: 'No hay carpeta de corpus configurada',
  notFound: 'Ese archivo no está en la carpeta del corpus',
  busy: 'Ya hay una ingesta en curso; espera a que termine',
} as const

/** GET /api/admin/corpus: the background pass (as /api/corpus/status) plus what is stored, by kind. */
export const adminCorpusSchema = z.object({
  status: corpusStatusSchema,
  byKind: z.array(z.object({ kind: z.string(), documents: z.number().int(), passages: z.number().int() })),
  /** Newest ingestion stored in the index; null on an empty index. */
  lastIngestedAt: isoDate.nullable(),
  /** A re-ingestion started from the console: running or the last one's result. */
  reingest: z
    .object({
      state: z.enum(['running', 'done', 'failed']),
      target: z.string(),
      startedAt: isoDate,
      finishedAt: isoDate.nullable(),
      ingested: z.number().int(),
      skipped: z.number().int(),
      failed: z.array(z.object({ path: z.string(), reason: z.string() })),
    })
    .nullable(),
})
export type AdminCorpus = z.infer<typeof adminCorpusSchema>

export const adminDocumentSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  kind: z.string(),
  sourcePath: z.string().nullable(),
  passages: z.number().int(),
  ingestedAt: isoDate.nullable(),
})
export type AdminDocument = z.infer<typeof adminDocumentSchema>

/** GET /api/admin/corpus/documents: `q` matches identifier or title. */
export const documentListQuerySchema = listQuerySchema(
  ['identifier', 'title', 'passages', 'ingestedAt'],
  'identifier',
).extend({
  kind: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'Tipo de documento no válido')
    .optional(),
})
export const documentPageSchema = pageSchema(adminDocumentSchema)

/** POST /api/admin/corpus/reingest: one file, forced even if unchanged, or the whole folder; runs in the background. */
export const reingestRequestSchema = z.union(
  [
    z.strictObject({
      path: safeText({ error: CORPUS_MESSAGES.path })
        .min(1, CORPUS_MESSAGES.path)
        .max(500, CORPUS_MESSAGES.path)
        .refine((p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'), CORPUS_MESSAGES.path),
    }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: CORPUS_MESSAGES.target },
)
export type ReingestRequest = z.infer<typeof reingestRequestSchema>
/** 202: accepted; progress shows in GET /api/admin/corpus. */
export const reingestAcceptedSchema = z.object({ accepted: z.literal(true), target: z.string() })
