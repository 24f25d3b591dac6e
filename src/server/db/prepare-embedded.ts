import { existsSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { openDatabase } from './client'
import { migrate } from './migrate'
import { seed } from './seed'

export const PREPARE_TASK = 'prepare-embedded-database'

export const isEmbeddedDataDirNew = (dataDir: string) =>
  !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))

/** The worker's side: create, migrate and seed the data folder, then close it. */
export async function prepareEmbeddedDatabase(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir })
  await migrate(database)
  await seed(database.db)
  await database.close()
}

/**
 * First start on an empty data folder: initdb and the first migrations run in a worker thread. The WASM
 * memory they touch (hundreds of MB) goes away with the worker instead of staying in the server for good.
 */
export function prepareEmbeddedDatabaseInWorker(dataDir: string, workerEntry: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry, { workerData: { task: PREPARE_TASK, dataDir } })
    worker.once('error', reject)
    worker.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`La preparación de la base de datos terminó con código ${code}`)),
    )
  })
}
