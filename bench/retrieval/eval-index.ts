import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { resolveCorpusDir } from '../../src/server/corpus/ingest/corpus-dir'
import { ensureDerivedIndexes } from '../../src/server/corpus/ingest/ensure-derived'
import { finishIndex } from '../../src/server/corpus/ingest/finish-index'
import { ingestCorpus } from '../../src/server/corpus/ingest/ingest'
import { progressReporter } from '../../src/server/corpus/ingest/progress'
import { buildNormTerms } from '../../src/server/corpus/search/norm-terms'
import { type Database, openDatabase } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { isEmbeddedDataDirNew } from '../../src/server/db/prepare-embedded'
import { projectRoot } from '../../src/server/lib/project-root'

/** The wide parts ask about norms outside the demo subset: only the whole folder's index can answer them. */
export const WIDE_SPLITS: ReadonlySet<string> = new Set(['wide', 'sealed', 'tune-wide'])

/** Where the evaluations keep their index of a scope. */
export const evalIndexDir = (scope: 'demo' | 'all') =>
  path.join(projectRoot(), 'bench', 'results', `eval-${scope}`)

/**
 * An index already built (by `npm run eval:retrieval`, or any embedded data folder), opened as it is: the tools that
 * read it (latency, sweeps, explanations) must not index anything. A folder that holds no database is an error —
 * opened anyway, PGlite would make an empty database there and the tool would measure nothing.
 */
export async function openBuiltIndex(dataDir: string): Promise<Database> {
  if (isEmbeddedDataDirNew(dataDir)) {
    console.error(
      `No hay un índice en ${dataDir}: constrúyelo con npm run eval:retrieval (-- --all para toda la carpeta).`,
    )
    process.exit(1)
  }
  return openDatabase({ dataDir })
}

export type EvalIndex = { database: Database; scope: 'demo' | 'all'; corpusDir: string }

/**
 * The evaluations' index (bench/results/eval-demo, or eval-all with --all), brought up to date with the corpus
 * folder. It is kept between runs (ingestion skips unchanged files): tuning costs seconds, not minutes. Flags read
 * from `args`: --all, --fresh (rebuild from nothing), --reindex (every derived index), --norms (the norm level).
 */
export async function openEvalIndex(args: readonly string[]): Promise<EvalIndex> {
  const scope = args.includes('--all') ? 'all' : 'demo'
  const corpusDir = resolveCorpusDir(process.env.CORPUS_DIR)
  if (!corpusDir) {
    console.error('No se encontró el corpus (CORPUS_DIR o ../shared/corpus).')
    process.exit(1)
  }
  const dataDir = evalIndexDir(scope)
  if (args.includes('--fresh')) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const database = await openDatabase({ dataDir, sharedBuffers: '64MB' })
  await migrate(database)
  const db = database.db
  const summary = await ingestCorpus(db, {
    corpusDir,
    selection: { kind: scope },
    onProgress: progressReporter(),
  })
  console.log(`Índice (${scope}): ${summary.ingested} archivos ingeridos, ${summary.skipped} sin cambios`)
  // Ingestion rebuilds the derived indexes only when files change: --reindex rebuilds them all, --norms the norm
  // level alone (after the pack's norm descriptors changed), and an index from before the norm level gets one.
  if (args.includes('--reindex')) await finishIndex(db)
  else if (args.includes('--norms')) await buildNormTerms(db)
  for (const { index, why, failed } of await ensureDerivedIndexes(db, corpusDir))
    console.log(`${index} ${failed ? 'sin actualizar' : 'reconstruido'}: ${why}`)
  return { database, scope, corpusDir }
}
