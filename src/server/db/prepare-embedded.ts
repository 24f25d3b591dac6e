import { existsSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { createLogger } from '../../shared/logger'
import { ensureCorpus } from '../corpus/ensure-corpus'
import { openDatabase } from './client'
import { migrate } from './migrate'
import { seed } from './seed'

export const PREPARE_TASK = 'prepare-embedded-database'

export const isEmbeddedDataDirNew = (dataDir: string) =>
  !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))

export type PrepareTask = {
  task: typeof PREPARE_TASK
  dataDir: string
  /** CORPUS_DIR (undefined: the default folder); null: index nothing (CORPUS_BACKGROUND=off). */
  corpusDir: string | undefined | null
}

/** The worker's side: create, migrate and seed the data folder, index the demo corpus, then close it. */
export async function prepareEmbeddedDatabase({
  dataDir,
  corpusDir,
}: Omit<PrepareTask, 'task'>): Promise<void> {
  const database = await openDatabase({ dataDir })
  await migrate(database)
  await seed(database.db)
  if (corpusDir !== null) await ensureCorpus(database.db, corpusDir, createLogger({ level: 'WARN' }))
  await database.close()
}

/**
 * First start on an empty data folder: initdb, the first migrations and the demo corpus run in a worker thread.
 * The WASM memory they touch (hundreds of MB) goes away with the worker instead of staying in the server.
 */
export function prepareEmbeddedDatabaseInWorker(
  dataDir: string,
  corpusDir: string | undefined | null,
  workerEntry: URL,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const workerData: PrepareTask = { task: PREPARE_TASK, dataDir, corpusDir }
    const worker = new Worker(workerEntry, { workerData })
    worker.once('error', reject)
    worker.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`La preparación de la base de datos terminó con código ${code}`)),
    )
  })
}
