import { serve } from '@hono/node-server'
import type { Logger } from '../shared/logger'
import { createLogger } from '../shared/logger'
import { createApp } from './app'
import type { AppConfig } from './config'
import { refundStaleReservations } from './consultations/settlement'
import { createCorpusIndexer } from './corpus/background'
import { resolveCorpusDir } from './corpus/corpus-dir'
import { ensureCorpus } from './corpus/ensure-corpus'
import { type Database, openDatabase } from './db/client'
import { migrate } from './db/migrate'
import { isEmbeddedDataDirNew, prepareEmbeddedDatabaseInChild } from './db/prepare-embedded'
import { seed } from './db/seed'
import { createEventHub } from './events/hub'
import { dbLogSink } from './logs/db-sink'
import { mailerFor } from './mail/mailer'
import { startRecovery } from './recovery/recovery'
import { recoveryTimings } from './recovery/timings'

export type RunningServer = {
  url: string
  port: number
  database: Database
  logger: Logger
  close(): Promise<void>
}

/** config → database (migrate, seed) → app → listen. Shared by `npm start`, the browser tests and bench/. */
export type StartOptions = {
  clientDir?: string | null
  /** A module that runs `prepareEmbeddedDatabase` when started with its task (main.ts); enables that path. */
  prepareEntry?: URL
  /** Index the demo corpus when the index is empty, and the rest per CORPUS_BACKGROUND (default true). */
  ensureCorpus?: boolean
}

export async function startServer(config: AppConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger({ level: config.logLevel })
  if (!config.databaseUrl && opts.prepareEntry && isEmbeddedDataDirNew(config.dataDir)) {
    await prepareEmbeddedDatabaseInChild(
      config.dataDir,
      config.corpusBackground === 'off' || opts.ensureCorpus === false ? null : config.corpusDir,
      opts.prepareEntry,
    )
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(database)
  await seed(database.db)
  const timings = recoveryTimings(config.agentTimeoutMs)
  const refunded = await refundStaleReservations(database.db, timings.staleAfterMs)
  if (refunded) logger.warn(`Se devolvieron los créditos de ${refunded} consultas interrumpidas`)
  const indexCorpus = opts.ensureCorpus !== false && config.corpusBackground !== 'off'
  if (indexCorpus) await ensureCorpus(database.db, config.corpusDir, logger)
  if (config.logToDb) logger.addSink(dbLogSink(database.db))

  const mailer = mailerFor(config, database.db, logger)
  // Listening before the app serves, so the first tab misses nothing written after it connected.
  const events = createEventHub({ database, logger })
  await events.start()
  const corpusIndexer = createCorpusIndexer({
    database,
    corpusDir: indexCorpus ? resolveCorpusDir(config.corpusDir) : null,
    mode: config.corpusBackground,
    dataDir: config.dataDir,
    logger,
  })
  const { app, payments } = createApp({
    config,
    database,
    mailer,
    logger,
    clientDir: opts.clientDir,
    events,
    corpusIndexer,
  })
  // Every instance sweeps: a crashed one's reservations and payments are recovered by whoever still runs.
  const recovery = startRecovery({ db: database.db, logger, payments, timings })

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' }, () => resolve(s))
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = config.port === 0 ? `http://localhost:${port}` : config.baseUrl
  // After listening: the server answers from the demo subset while the rest of the folder is indexed.
  corpusIndexer.start()

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    database,
    logger,
    close() {
      closing ??= (async () => {
        await recovery.stop()
        // The file in hand is stored (or rolled back) before the database closes; the next start resumes.
        await corpusIndexer.stop()
        // Ends the open event streams first: server.close() waits for every response in progress.
        await events.close()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await database.close()
      })()
      return closing
    },
  }
}
