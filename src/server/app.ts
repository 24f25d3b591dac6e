import path from 'node:path'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { PRODUCT_NAME } from '../shared/brand'
import type { PublicConfig } from '../shared/config-schema'
import { errorBody } from '../shared/errors'
import type { Logger } from '../shared/logger'
import { type AgentProbe, createAgentProbe } from './admin/agent-probe'
import { corpusReingester } from './admin/corpus-reingest'
import type { AdminDeps } from './admin/deps'
import { adminRoutes } from './admin/routes'
import { createAgentGateway } from './agents/gateway/gateway'
import type { AgentGateway } from './agents/gateway/types'
import { agentRoutes } from './agents/routes'
import { type Auth, createAuth } from './auth/auth'
import { type AuthVariables, requireUser, resolveSession } from './auth/require-user'
import { authRoutes } from './auth/routes'
import { sessionCacheFor } from './auth/session-cache'
import { TEST_SIGN_IN_PATH, testSignInRoutes } from './auth/test-sign-in-routes'
import type { AppConfig } from './config'
import { consultationRoutes } from './consultations/routes'
import { type CorpusIndexer, createCorpusIndexer } from './corpus/ingest/background'
import { resolveCorpusDir } from './corpus/ingest/corpus-dir'
import { corpusRoutes } from './corpus/routes'
import { adminCreditRoutes } from './credits/admin-routes'
import { creditRoutes } from './credits/routes'
import type { Database } from './db/client'
import type { EventHub } from './events/hub'
import { partialAnswerPushRoutes } from './events/partial-answer-routes'
import { eventStreamRoutes } from './events/stream-routes'
import { feedbackRoutes } from './feedback/routes'
import { errorHandler } from './http/errors'
import { originCheck } from './http/origin-check'
import { requestLog } from './http/request-log'
import { noStoreByDefault, securityHeaders } from './http/security-headers'
import { readClientPages, staticRoutes } from './http/static'
import { projectRoot } from './lib/project-root'
import { mailboxRoutes } from './mail/mailbox-routes'
import type { Mailer } from './mail/mailer'
import type { PaymentDeps } from './payments/deps'
import { paymentsModule } from './payments/module'
import type { PaymentProvider } from './payments/provider'
import { suggestionRoutes } from './suggestions/routes'

export type AppDeps = {
  config: AppConfig
  database: Database
  mailer: Mailer
  logger: Logger
  /** Where the built client lives; tests that only hit the API may leave it out. */
  clientDir?: string | null
  /** Realtime fan-out, started and closed by whoever made it; without it there is no GET /api/events. */
  events?: EventHub
  /** How agents run; tests pass a fake, everyone else gets the real gateway (DESIGN 7). */
  agentGateway?: AgentGateway
  /** How payments are made; tests pass one, everyone else gets Mercado Pago or the sandbox (DESIGN 6). */
  paymentProvider?: PaymentProvider
  /** The background corpus pass whose status /api/corpus/status reports; without it, one that never runs. */
  corpusIndexer?: CorpusIndexer
  /** How the console tries an agent endpoint (admin/agent-probe.ts); tests pass a fake. */
  agentProbe?: AgentProbe
  /** How the console re-ingests corpus files (admin/corpus-reingest.ts); tests pass a fake. */
  corpusReingest?: AdminDeps['reingest']
}

/** The app, its auth, and what the payment flows use (the server's reconciliation shares it). */
export type App = { app: Hono; auth: Auth; payments: PaymentDeps }

export function createApp(deps: AppDeps): App {
  const { config, database, mailer, logger, clientDir, events } = deps
  const { db } = database
  const auth = createAuth({ config, db, mailer, logger })
  // An account disabled on any instance loses its cached sessions here at once (docs/decisions/0027).
  events?.onSessionsEnded((userId) => sessionCacheFor(auth).evictUser(userId))
  const app = new Hono()

  app.onError(errorHandler(logger))
  app.use('/api/*', requestLog(logger, { trustProxy: config.trustProxy }))
  const clientRoot = clientDir === null ? null : (clientDir ?? path.join(projectRoot(), 'dist', 'client'))
  app.use('*', securityHeaders(config, clientRoot ? readClientPages(clientRoot) : []))
  app.use('/api/*', noStoreByDefault())
  app.use('/api/*', bodyLimit({ maxSize: 256 * 1024 }))
  app.use('/api/*', originCheck([config.baseUrl]))

  app.route('/api/auth', authRoutes(auth, { trustProxy: config.trustProxy }))

  app.get('/api/health', (c) => c.json({ ok: true }))
  const publicConfig: PublicConfig = {
    productName: PRODUCT_NAME,
    gtmId: config.gtmId ?? null,
    supportWidgetSrc: config.supportWidgetSrc ?? null,
    embeddedMailbox: config.embeddedMailbox && config.nodeEnv !== 'production',
  }
  app.get('/api/config', (c) => c.json(publicConfig))

  const me = new Hono<{ Variables: AuthVariables }>()
  me.use('*', requireUser(auth))
  me.get('/', (c) => c.json({ user: c.get('user') }))
  app.route('/api/me', me)

  const indexer =
    deps.corpusIndexer ??
    createCorpusIndexer({
      database,
      corpusDir: null,
      mode: config.corpusBackground,
      dataDir: config.dataDir,
      logger,
    })
  app.route('/api', corpusRoutes(db, auth, indexer))
  if (events) app.route('/api', eventStreamRoutes({ db, auth, events, logger }))
  app.route('/api', partialAnswerPushRoutes({ db, config }))
  app.route('/api', agentRoutes(db, auth))
  app.route('/api', creditRoutes(db, auth))
  app.route('/api', adminCreditRoutes(db, auth, { serviceSecret: config.serviceSecret }, logger))
  const payments = paymentsModule({ config, db, logger, auth }, deps.paymentProvider)
  app.route('/api', payments.app)
  const corpusDir = resolveCorpusDir(config.corpusDir)
  app.route(
    '/api/admin',
    adminRoutes({
      config,
      database,
      auth,
      logger,
      payments: payments.deps,
      indexer,
      corpusDir,
      reingest:
        deps.corpusReingest ??
        (corpusDir
          ? corpusReingester(database, corpusDir)
          : async () => ({ ingested: 0, skipped: 0, failed: [] })),
      probe:
        deps.agentProbe ??
        createAgentProbe({
          // A local n8n or fake agent on this machine is fine while developing; never in production.
          allowLoopback: config.nodeEnv !== 'production',
          secret: config.agentSharedSecret,
        }),
    }),
  )
  const gateway = deps.agentGateway ?? createAgentGateway({ config, db, logger })
  app.route('/api', consultationRoutes({ db, gateway, logger, timeoutMs: config.agentTimeoutMs }, auth))
  app.route('/api', feedbackRoutes(db, auth))
  app.route('/api', suggestionRoutes(db, auth))

  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'Ruta no encontrada'), 404))

  // The mailbox exposes every message's links: never in production, even on an embedded outbox.
  if (config.embeddedMailbox && config.nodeEnv !== 'production') app.route('/dev/correo', mailboxRoutes(db))
  // Signs in without the mailbox: the browser flows' fixture, never outside tests (docs/decisions/0022).
  if (config.nodeEnv === 'test') app.route(TEST_SIGN_IN_PATH, testSignInRoutes(auth, db))

  // /auth and the chat's page depend on whether the session holds, checked as the API checks it (decision 0041).
  if (clientRoot !== null)
    app.route(
      '/',
      staticRoutes(clientRoot, {
        signedIn: async (headers) => (await resolveSession(auth, headers)) !== null,
      }),
    )
  return { app, auth, payments: payments.deps }
}
