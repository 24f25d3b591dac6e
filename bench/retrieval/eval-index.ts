import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { resolveCorpusDir } from '../../src/server/corpus/corpus-dir'
import { finishIndex } from '../../src/server/corpus/finish-index'
import { ingestCorpus } from '../../src/server/corpus/ingest'
import { progressReporter } from '../../src/server/corpus/progress'
import { buildNormTerms, ensureNormTerms } from '../../src/server/corpus/search/norm-terms'
import { openDatabase } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { projectRoot } from '../../src/server/lib/project-root'

export type EvalScope = 'demo' | 'all'

/** The command-line switches every evaluation shares: which index, and whether to rebuild it. */
export function evalIndexOptions(args: string[]) {
  return {
    scope: (args.includes('--all') ? 'all' : 'demo') as EvalScope,
    fresh: args.includes('--fresh'),
    reindex: args.includes('--reindex'),
    norms: args.includes('--norms'),
  }
}

/**
 * The evaluation index (bench/results/eval-<scope>), opened and brought up to date. It is kept between runs
 * (ingestion skips unchanged files): an evaluation costs seconds, not minutes. Every evaluation (retrieval, answers)
 * opens the same one, so they measure the same index.
 */
export async function openEvalIndex(opts: ReturnType<typeof evalIndexOptions>) {
  const corpusDir = resolveCorpusDir(process.env.CORPUS_DIR)
  if (!corpusDir) {
    console.error('No se encontró el corpus (CORPUS_DIR o ../shared/corpus).')
    process.exit(1)
  }
  const dataDir = path.join(projectRoot(), 'bench', 'results', `eval-${opts.scope}`)
  if (opts.fresh) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const database = await openDatabase({ dataDir, sharedBuffers: '64MB' })
  await migrate(database)
  const summary = await ingestCorpus(database.db, {
    corpusDir,
    selection: { kind: opts.scope },
    onProgress: progressReporter(),
  })
  console.log(
    `Índice (${opts.scope}): ${summary.ingested} archivos ingeridos, ${summary.skipped} sin cambios`,
  )
  // Ingestion rebuilds the derived indexes only when files change: --reindex rebuilds them all, --norms the
  // norm-level index alone (after the pack's norm descriptors changed), and an index from before the norm level
  // gets one.
  if (opts.reindex) await finishIndex(database.db)
  else if (opts.norms) await buildNormTerms(database.db)
  else await ensureNormTerms(database.db)
  return database
}
