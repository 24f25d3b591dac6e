import type { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'
import type { Logger } from '../shared/logger'
import { createLogger } from '../shared/logger'
import { bootstrapAdmins } from './admin/roles'
import { createApp } from './app'
import type { AppConfig } from './config'
import { refundStaleReservations } from './consultations/settlement'
import { createCorpusIndexer } from './corpus/ingest/background'
import { resolveCorpusDir } from './corpus/ingest/corpus-dir'
import { ensureCorpus } from './corpus/ingest/ensure-corpus'
import { PASS_PROCESS_ENV, wantsFreshProcess } from './corpus/ingest/fresh-process'
import { type Database, openDatabase } from './db/client'
import { migrate } from './db/migrate'
import { isEmbeddedDataDirNew, prepareEmbeddedDatabaseInChild } from './db/prepare-embedded'
import { seed } from './db/seed'
import { createEventHub } from './events/hub'
import { drainable } from './http/drain'
import { collectWhenIdle } from './http/idle-collect'
import type { LauncherLink } from './http/launcher-link'
import { dbLogSink } from './logs/db-sink'
import { mailerFor } from './mail/mailer'
import { startRecovery } from './recovery/recovery'
import { recoveryTimings } from './recovery/timings'
import { legalIntent, legalIntentFile } from './research/legal-intent'
import { researchScopes } from './research/scopes'

export type RunningServer = {
  url: string
  port: number
  database: Database
  logger: Logger
  /** How long close() lets the requests in progress finish before it cuts them. */
  drainMs: number
  close(): Promise<void>
}

/** Past the agent's own limit, time for a consultation that reached it to settle (refund) before its request ends. */
const DRAIN_GRACE_MS = 5000

/** config → database (migrate, seed) → app → listen. Shared by `npm start`, the browser tests and bench/. */
export type StartOptions = {
  clientDir?: string | null
  /** A module that runs `prepareEmbeddedDatabase` when started with its task (main.ts); enables that path. */
  prepareEntry?: URL
  /** Index the demo corpus when the index is empty, and the rest per CORPUS_BACKGROUND (default true). */
  ensureCorpus?: boolean
  /** `npm start`'s launcher (main.ts): it holds the listening socket, and a fresh process may take over. */
  launcher?: LauncherLink | null
}

export async function startServer(config: AppConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger({ level: config.logLevel })
  // The builtin agents' scopes are the pack's data now (scopes.json): one that does not fit stops the start, naming
  // the file, rather than failing every builtin consultation.
  researchScopes()
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
  // docs/decisions/0024: the accounts of ADMIN_EMAILS hold the admin role (others get it from an admin).
  await bootstrapAdmins(database.db, config.adminEmails, logger)
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

  // HTTP/1 (no createServer option given): what the launcher's connections and the drain work with.
  const server = createAdaptorServer({ fetch: app.fetch }) as Server
  const drain = drainable(server)
  collectWhenIdle(drain)
  const drainMs = config.agentTimeoutMs + DRAIN_GRACE_MS
  const launcher = opts.launcher
  let port: number
  if (launcher) port = await launcher.listen(server, config.port, '0.0.0.0')
  else {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, '0.0.0.0', () => {
        server.off('error', reject)
        resolve()
      })
    })
    const address = server.address()
    port = typeof address === 'object' && address ? address.port : config.port
  }
  const url = config.port === 0 ? `http://localhost:${port}` : config.baseUrl
  // After listening: the server answers from the demo subset while the rest of the folder is indexed.
  corpusIndexer.start()
  // The legal-intent classifier (research/legal-intent.ts) is taught now, not inside the first consultation (≈ 1.3 s
  // of CPU, 17 MB of heap kept), and kept in the data folder for the next start, which reads it back instead. A pack file it cannot read is logged here, not thrown out of the event loop: the
  // server keeps serving, and a consultation that needs the classifier fails and is refunded like any other.
  setImmediate(() => {
    try {
      legalIntent(legalIntentFile(config.dataDir))
    } catch (error) {
      logger.error('No se pudo entrenar el clasificador de intención legal', { error: String(error) })
    }
  })
  let closing: Promise<void> | undefined
  if (launcher) {
    void corpusIndexer.done
      .then(async () => {
        const pass = (await corpusIndexer.status()).files
        const rss = process.memoryUsage.rss()
        const passProcess = process.env[PASS_PROCESS_ENV] === '1'
        if (closing || !wantsFreshProcess(pass, rss, config.freshProcessAboveMb, passProcess)) return
        // A consultation in progress would hold the takeover (and, on PGlite, the connections waiting for it).
        await drain.quiet(config.agentTimeoutMs)
        if (closing) return
        console.log(
          `El indexado del corpus dejó este proceso en ${Math.round(rss / 2 ** 20)} MB: lo reemplaza uno nuevo`,
        )
        launcher.askFresh()
      })
      .catch((error: unknown) =>
        logger.warn('No se pudo decidir si reemplazar el proceso tras el indexado', {
          reason: error instanceof Error ? error.name : 'desconocido',
        }),
      )
  }

  return {
    url,
    port,
    database,
    logger,
    drainMs,
    close() {
      closing ??= (async () => {
        await recovery.stop()
        // The file in hand is stored (or rolled back) before the database closes; the next start resumes.
        await corpusIndexer.stop()
        // Ends the open event streams first (tabs reconnect): the drain waits for every other response in progress.
        await events.close()
        await drain.close(drainMs)
        await database.close()
      })()
      return closing
    },
  }
}
