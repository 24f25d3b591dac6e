import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { fileClaims } from '../corpus/ingest/claims'
import { finisherFor } from '../corpus/ingest/index-state'
import { ingestCorpus } from '../corpus/ingest/ingest'
import { corpusFiles } from '../corpus/schema'
import type { Database } from '../db/client'
import type { ReingestOutcome } from './deps'

export type ReingestTarget = { path: string } | { all: true }

/** A path the operator named, inside the corpus folder and existing; null otherwise (no `..` escapes). */
export function corpusFile(corpusDir: string, relative: string): string | null {
  const absolute = path.resolve(corpusDir, relative)
  if (!absolute.startsWith(`${path.resolve(corpusDir)}${path.sep}`)) return null
  return existsSync(absolute) ? path.relative(corpusDir, absolute) : null
}

/**
 * A re-ingestion through the ingestion code the start and `corpus:ingest` use, with the same claims and locked
 * finish, so it never collides with a background pass on another instance. One file is forced (its stored hash is
 * cleared first, so even an unchanged file is parsed again); the whole folder is read without the size-and-time
 * shortcut, so every changed file and every file that failed before is done again, unchanged ones skipped by hash.
 */
export function corpusReingester(database: Database, corpusDir: string) {
  return async (target: ReingestTarget): Promise<ReingestOutcome> => {
    if ('path' in target)
      // Its documents stay listed on the row, so the new ones replace them; only the hash no longer matches.
      await database.db.update(corpusFiles).set({ contentHash: '' }).where(eq(corpusFiles.path, target.path))
    const claims = await fileClaims(database)
    try {
      const summary = await ingestCorpus(database.db, {
        corpusDir,
        selection: 'path' in target ? { kind: 'paths', paths: [target.path] } : { kind: 'all' },
        claims,
        finish: finisherFor(database.kind),
      })
      return {
        ingested: summary.ingested,
        skipped: summary.skipped,
        failed: summary.failed.map((f) => ({
          path: f.path,
          reason: f.stored === false ? 'No se pudo guardar en el índice' : f.reason,
        })),
      }
    } finally {
      await claims?.close()
    }
  }
}
