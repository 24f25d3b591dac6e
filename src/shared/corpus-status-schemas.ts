import { z } from 'zod'

/**
 * GET /api/corpus/status: how far the index of norms and rulings has got. `idle` before any pass of this process
 * (or with CORPUS_BACKGROUND=demo|off), `indexing` while the background pass runs, `done` after it. Counts are
 * of the whole index; the files are those of the current (or last) pass.
 */
export const corpusStatusSchema = z.object({
  state: z.enum(['idle', 'indexing', 'done']),
  mode: z.enum(['all', 'demo', 'off']),
  documents: z.number().int().min(0),
  passages: z.number().int().min(0),
  files: z.object({
    total: z.number().int().min(0),
    done: z.number().int().min(0),
    left: z.number().int().min(0),
    ingested: z.number().int().min(0),
    skipped: z.number().int().min(0),
    /** Being indexed by another instance on the same PostgreSQL database. */
    busy: z.number().int().min(0),
  }),
  /** Files that could not be indexed and why, in Spanish; never a database detail. */
  errors: z.array(z.object({ path: z.string(), reason: z.string() })),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Last time search's derived indexes (vocabulary, champion lists) took in what was stored. */
  refreshedAt: z.string().nullable(),
})
export type CorpusStatus = z.infer<typeof corpusStatusSchema>
