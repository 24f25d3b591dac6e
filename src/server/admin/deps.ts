import type { Hono } from 'hono'
import type { Logger } from '../../shared/logger'
import type { Auth } from '../auth/auth'
import type { AppConfig } from '../config'
import type { CorpusIndexer } from '../corpus/ingest/background'
import type { Database } from '../db/client'
import type { PaymentDeps } from '../payments/deps'
import type { AgentProbe } from './agent-probe'
import type { AdminVariables } from './require-admin'

export type AdminDeps = {
  config: AppConfig
  database: Database
  auth: Auth
  logger: Logger
  payments: PaymentDeps
  indexer: CorpusIndexer
  /** How an agent endpoint is tried (agent-probe.ts); tests pass their own. */
  probe: AgentProbe
  /** The corpus folder; null when there is none (re-ingestion refused). */
  corpusDir: string | null
  /** Runs a re-ingestion; the corpus module's code by default (corpus-reingest.ts). */
  reingest: (target: { path: string } | { all: true }) => Promise<ReingestOutcome>
}

export type ReingestOutcome = {
  ingested: number
  skipped: number
  failed: { path: string; reason: string }[]
}

export type AdminApp = Hono<{ Variables: AdminVariables }>
