import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLogger } from '../../shared/logger'
import { ensureCorpus } from '../corpus/ingest/ensure-corpus'
import { openDatabase } from './client'
import { migrate } from './migrate'
import { seed } from './seed'

export const PREPARE_TASK = 'prepare-embedded-database'
/** Set, with the task as JSON, in the environment of the process that prepares the data folder. */
export const PREPARE_ENV = 'LEXIA_PREPARE_EMBEDDED'

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

/** The task a process was started for (main.ts): set only in the process that prepares the data folder. */
export function prepareTaskFromEnv(env: NodeJS.ProcessEnv = process.env): PrepareTask | null {
  const raw = env[PREPARE_ENV]
  if (!raw) return null
  const task = JSON.parse(raw) as PrepareTask
  return task.task === PREPARE_TASK ? task : null
}

/**
 * First start on an empty data folder: initdb, the first migrations and the demo corpus run in a child process
 * (the same bundle, `entry`), which exits when they are done. Not a thread: a worker thread's WASM memory left with
 * it, but what it allocated through the C allocator stayed in the server's process as free arena space that glibc
 * never gives back (about 100 MB of idle RSS after a first start; docs/decisions/0020). A process takes all of it.
 */
export function prepareEmbeddedDatabaseInChild(
  dataDir: string,
  corpusDir: string | undefined | null,
  entry: URL,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const task: PrepareTask = { task: PREPARE_TASK, dataDir, corpusDir }
    // The server's node flags (memory, --liftoff-only), but not an inspector: its port is the server's.
    const execArgv = process.execArgv.filter((a) => !a.startsWith('--inspect'))
    const child = spawn(process.execPath, [...execArgv, fileURLToPath(entry)], {
      env: { ...process.env, [PREPARE_ENV]: JSON.stringify(task) },
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `La preparación de la base de datos terminó con ${signal ? `la señal ${signal}` : `código ${code}`}`,
            ),
          ),
    )
  })
}
