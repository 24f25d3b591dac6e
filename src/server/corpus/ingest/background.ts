import { sql } from 'drizzle-orm'
import type { CorpusStatus } from '../../../shared/corpus-status-schemas'
import type { Logger } from '../../../shared/logger'
import type { CorpusBackgroundMode } from '../../config'
import type { Database } from '../../db/client'
import { queryRows } from '../../db/query'
import type { IngestSummary } from './ingest'
import { progressLine } from './progress'

export type CorpusIndexer = {
  status(): Promise<CorpusStatus>
  /** Begins the background pass over the whole folder (mode all, a corpus folder found); once per indexer. */
  start(): void
  /** Settles when the pass ends (at once when none runs). */
  readonly done: Promise<void>
  /** Stops after the file in hand and waits for it; the next start resumes. */
  stop(): Promise<void>
}

export type IndexerOptions = {
  database: Database
  /** Resolved corpus folder; null when there is none (nothing to index). */
  corpusDir: string | null
  mode: CorpusBackgroundMode
  /** Where the file signatures are kept (signatures.ts). */
  dataDir: string
  logger: Logger
  descriptorsDir?: string
  /** Console lines; console.log by default. */
  print?: (line: string) => void
  /**
   * When search's derived indexes are refreshed during the pass: once files were stored, no sooner than
   * `minIntervalMs` after the last refresh, nor sooner than `factor` times the last refresh's own length, so
   * refreshing never takes more than about 1 / (factor + 1) of the pass however large the index grows.
   */
  refresh?: { minIntervalMs: number; factor: number }
  /** A console line at most this often. */
  printEveryMs?: number
  /** Awaited after each refresh during the pass, before the next file (tests look at search there). */
  afterRefresh?: () => Promise<void> | void
}

/** Searching waits for a refresh on PGlite; every 30 s at least, a quarter of the pass at most. */
const DEFAULT_REFRESH = { minIntervalMs: 30_000, factor: 3 }
/** How long counts read while no pass runs are reused. */
const COUNTS_TTL_MS = 5_000

/**
 * Building the champion lists leaves a few hundred MB of garbage on the JS heap, and an idle server allocates too
 * little for V8 to collect it soon: the server would sit at 800 MB after the pass. `npm start` exposes gc for this.
 */
const releaseMemory = () => (globalThis as { gc?: () => void }).gc?.()

/** A failure's reason fit for the status endpoint and the log: a database's own words stay out of both. */
const publicReason = (f: IngestSummary['failed'][number]) =>
  f.stored === false ? 'No se pudo guardar en el índice' : f.reason

async function countIndex(database: Database): Promise<{ documents: number; passages: number }> {
  const [row] = await queryRows<{ documents: number; passages: number }>(
    database.db,
    sql`select (select count(*) from corpus_documents)::int as documents,
               (select count(*) from corpus_passages)::int as passages`,
  )
  return row ?? { documents: 0, passages: 0 }
}

/**
 * The rest of the corpus folder, indexed while the server answers (CORPUS_BACKGROUND=all): the demo subset is
 * indexed before the server listens, this pass takes every other norm and ruling in small per-file transactions
 * (searches run between them) and refreshes search's derived indexes now and then, so what is stored becomes
 * findable during the pass, not only at its end. A restart runs it again: unchanged files are skipped by their
 * signature, and only what changed is parsed.
 */
export function createCorpusIndexer(options: IndexerOptions): CorpusIndexer {
  const { database, corpusDir, mode, logger } = options
  const print = options.print ?? ((line: string) => console.log(line))
  const refresh = options.refresh ?? DEFAULT_REFRESH
  const printEveryMs = options.printEveryMs ?? 10_000

  let state: CorpusStatus['state'] = 'idle'
  let startedAt: string | null = null
  let finishedAt: string | null = null
  let refreshedAt: string | null = null
  let base = { documents: 0, passages: 0 }
  let live: IngestSummary | undefined
  let files = { total: 0, done: 0 }
  let counted: { at: number; value: Promise<{ documents: number; passages: number }> } | undefined
  const abort = new AbortController()
  let done: Promise<void> = Promise.resolve()

  async function run(dir: string): Promise<void> {
    const { INGEST_VERSION, ingestCorpus } = await import('./ingest')
    const { fileClaims } = await import('./claims')
    const { finisherFor } = await import('./index-state')
    const { dataDirSignatures } = await import('./signatures')
    base = await countIndex(database)
    const claims = await fileClaims(database)
    const finish = finisherFor(database.kind)
    const signatures = dataDirSignatures(options.dataDir, INGEST_VERSION)
    let lastPrinted = 0
    let refreshedIngested = 0
    let refreshEnded = performance.now()
    let refreshTook = 0
    try {
      const summary = await ingestCorpus(database.db, {
        corpusDir: dir,
        descriptorsDir: options.descriptorsDir,
        selection: { kind: 'all' },
        signatures,
        claims,
        finish,
        signal: abort.signal,
        onProgress(p, final) {
          files = { total: p.filesTotal, done: p.filesDone }
          if (final || p.elapsedMs - lastPrinted < printEveryMs) return
          lastPrinted = p.elapsedMs
          print(`Corpus en segundo plano ${progressLine(p)}`)
        },
        async between(summary) {
          live = summary
          const wait = Math.max(refresh.minIntervalMs, refresh.factor * refreshTook)
          if (summary.ingested === refreshedIngested || performance.now() - refreshEnded < wait) return
          if (abort.signal.aborted) return
          const t0 = performance.now()
          await finish(database.db)
          signatures.save()
          refreshTook = performance.now() - t0
          releaseMemory()
          refreshEnded = performance.now()
          refreshedIngested = summary.ingested
          refreshedAt = new Date().toISOString()
          const { documents, passages } = currentCounts()
          print(
            `Índice actualizado: ${documents.toLocaleString('es-PE')} documentos y ${passages.toLocaleString('es-PE')} pasajes buscables (${(refreshTook / 1000).toFixed(1)} s)`,
          )
          await options.afterRefresh?.()
        },
      })
      live = summary
      releaseMemory()
      if (summary.finished) refreshedAt = new Date().toISOString()
      // The embedded database grew by hundreds of MB ingesting (a WebAssembly memory never shrinks): opened again,
      // the server idles as after a restart. Only after a pass that changed something; requests meanwhile wait.
      if (summary.finished && database.kind === 'pglite' && database.reopen)
        await returnMemory(database.reopen)
      for (const f of summary.failed)
        logger.warn('Archivo del corpus omitido', { path: f.path, reason: publicReason(f) })
      const s = (n: number) => n.toLocaleString('es-PE')
      const { documents, passages } = currentCounts()
      print(
        `${abort.signal.aborted ? 'Corpus detenido' : 'Corpus completo'}: ${s(documents)} documentos, ${s(passages)} pasajes · ` +
          `${s(summary.ingested)} archivos indexados, ${s(summary.skipped)} sin cambios, ${s(summary.failed.length)} con error · ` +
          `${(summary.elapsedMs / 1000).toFixed(1)} s`,
      )
    } finally {
      await claims?.close()
    }
  }

  async function returnMemory(reopen: () => Promise<void>) {
    const before = process.memoryUsage.rss()
    const t0 = performance.now()
    await reopen()
    // The old instance is unreachable now; collecting it is what gives its memory back.
    releaseMemory()
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20)
    print(
      `Base de datos reabierta para liberar memoria: ${mb(before)} → ${mb(process.memoryUsage.rss())} MB (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    )
  }

  function currentCounts() {
    if (!live) return base
    return {
      documents: base.documents + live.documents - live.removedDocuments,
      passages: base.passages + live.passages - live.removedPassages,
    }
  }

  async function counts() {
    if (state !== 'idle') return currentCounts()
    if (!counted || Date.now() - counted.at > COUNTS_TTL_MS) {
      counted = { at: Date.now(), value: countIndex(database) }
      counted.value.catch(() => {
        counted = undefined
      })
    }
    return counted.value
  }

  return {
    get done() {
      return done
    },
    start() {
      if (state !== 'idle' || mode !== 'all' || !corpusDir) return
      state = 'indexing'
      startedAt = new Date().toISOString()
      done = run(corpusDir)
        .catch((error) => {
          logger.error('El indexado del corpus en segundo plano se detuvo', {
            reason: error instanceof Error ? error.name : 'desconocido',
          })
          print('⚠  El indexado del corpus en segundo plano se detuvo; se reanudará en el próximo inicio.')
        })
        .finally(() => {
          state = 'done'
          finishedAt = new Date().toISOString()
        })
    },
    async stop() {
      abort.abort()
      await done
    },
    async status() {
      const { documents, passages } = await counts()
      const summary = live
      return {
        state,
        mode,
        documents,
        passages,
        files: {
          total: files.total,
          done: files.done,
          left: Math.max(0, files.total - files.done),
          ingested: summary?.ingested ?? 0,
          skipped: summary?.skipped ?? 0,
          busy: summary?.busy ?? 0,
        },
        errors: (summary?.failed ?? []).map((f) => ({ path: f.path, reason: publicReason(f) })),
        startedAt,
        finishedAt,
        refreshedAt,
      }
    },
  }
}
