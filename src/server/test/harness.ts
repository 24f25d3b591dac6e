import type { Hono } from 'hono'
import { createLogger, type LogEntry } from '../../shared/logger'
import type { AgentProbe } from '../admin/agent-probe'
import type { AdminDeps } from '../admin/deps'
import { createAgentGateway, type GatewayDeps } from '../agents/gateway/gateway'
import type { AgentGateway } from '../agents/gateway/types'
import { createApp } from '../app'
import {
  TEST_SIGN_IN_PATH,
  type TestSignInRequest,
  type TestSignInResponse,
} from '../auth/test-sign-in-routes'
import { type AppConfig, loadConfig } from '../config'
import type { CorpusIndexer } from '../corpus/ingest/background'
import { type Database, openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'
import { createEventHub } from '../events/hub'
import { outboxMailer } from '../mail/mailer'
import type { PaymentProvider } from '../payments/provider'
import { adminQuery, type PgliteTemplate, pgliteTemplate, postgresTemplate } from './database-templates'
import { missing, postgres } from './requirements'

export const TEST_BASE_URL = 'http://localhost:3000'
export type Backend = 'pglite' | 'postgres'

/**
 * PGlite always; the real server too when TEST_DATABASE_URL is set. Under CI=true it must be: the PostgreSQL cases
 * fail rather than vanish (requirements.ts).
 */
export const BACKENDS: Backend[] = missing(postgres()) ? ['pglite'] : ['pglite', 'postgres']

/** A fresh database on the test server, dropped again on close. */
async function postgresDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL!
  const name = `lexia_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const template = postgresTemplate()
  // Copied from the run's migrated template when the global setup made one; otherwise migrated here.
  await adminQuery(
    baseUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  )
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  if (!template) {
    await migrate(database)
    await seed(database.db)
  }
  return {
    database,
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  }
}

/** A new PGlite in memory, from the run's dump (database-templates.ts): `seeded` as a started server has it. */
export async function testDatabase(kind: PgliteTemplate = 'seeded'): Promise<Database> {
  return openDatabase({ loadDataDir: await pgliteTemplate(kind) })
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export async function createTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: {
    agentGateway?: AgentGateway
    /**
     * The real gateway with shorter HTTP-agent waits (backoff, attempt timeout): a test of retries and timeouts
     * need not sit through the production delays (1 s, 2 s backoff) to see them happen.
     */
    agentHttp?: GatewayDeps['http']
    paymentProvider?: PaymentProvider
    /** Made once the database exists: the background corpus pass the status route reports. */
    corpusIndexer?: (database: Database) => CorpusIndexer
    agentProbe?: AgentProbe
    corpusReingest?: AdminDeps['reingest']
  } = {},
) {
  const config: AppConfig = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    AUTH_RATE_LIMIT_FACTOR: '20',
    // The cheap password hash (auth/test-password-hash.ts), which config.ts allows under NODE_ENV=test only; a test
    // of accounts themselves passes 'false'.
    AUTH_TEST_PASSWORD_HASH: (env.NODE_ENV ?? 'test') === 'test' ? 'true' : 'false',
    DATA_DIR: '/tmp/lexia-test-unused',
    ...env,
  })
  let database: Database
  let drop = async () => {}
  if (backend === 'postgres') {
    const made = await postgresDatabase()
    database = made.database
    drop = made.drop
  } else {
    database = await testDatabase()
  }
  const logs: LogEntry[] = []
  const logger = createLogger({ level: 'WARN', sinks: [(e) => void logs.push(e)] })
  const printed: string[] = []
  const mailer = outboxMailer(database.db, logger, (line) => printed.push(line))
  const events = createEventHub({ database, logger, reconnectDelaysMs: [50] })
  await events.start()
  const { app, auth } = createApp({
    config,
    database,
    mailer,
    logger,
    clientDir: null,
    events,
    agentGateway:
      options.agentGateway ??
      (options.agentHttp
        ? createAgentGateway({ config, db: database.db, logger, http: options.agentHttp })
        : undefined),
    paymentProvider: options.paymentProvider,
    corpusIndexer: options.corpusIndexer?.(database),
    agentProbe: options.agentProbe,
    corpusReingest: options.corpusReingest,
  })

  return {
    app,
    auth,
    config,
    database,
    db: database.db,
    events,
    /** At WARN; a test of INFO lines lowers it with `t.logger.setLevel('INFO')`. */
    logger,
    logs,
    printed,
    /** A request as a same-site browser would send it (Origin set), unless headers say otherwise. */
    async call(
      path: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { origin: TEST_BASE_URL, ...init.headers }
      let body: string | undefined
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
        headers['content-type'] ??= 'application/json'
      }
      return app.request(`${TEST_BASE_URL}${path}`, {
        method: init.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
      })
    },
    async close() {
      await events.close()
      await database.close()
      await drop()
    },
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c?.endsWith('='))
    .join('; ')
}

/**
 * The cookie of a live session of a new account, from the browser flows' sign-in fixture: `app` must run in test
 * mode over a migrated database (`appForConfig({ NODE_ENV: 'test', … }, dir, { migrate: true })`).
 */
export async function liveSessionCookie(app: { request: Hono['request'] }): Promise<string> {
  const res = await app.request(TEST_SIGN_IN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_BASE_URL },
    body: JSON.stringify({
      email: `sesion-${Math.random().toString(36).slice(2)}@ejemplo.pe`,
    } satisfies TestSignInRequest),
  })
  if (res.status !== 201) throw new Error(`El inicio de sesión de prueba respondió ${res.status}`)
  const { cookie } = (await res.json()) as TestSignInResponse
  return `${cookie.name}=${cookie.value}`
}

/**
 * The app as a start in some configuration builds it, serving a client folder, over a fresh embedded database and
 * a silent outbox: for tests of what the configuration changes (headers, routes, static files).
 */
export async function appForConfig(
  env: Record<string, string>,
  clientDir: string,
  opts: { migrate?: boolean } = {},
) {
  // Migrated: the run's dump of a blank database the global setup migrated, rather than migrating one here.
  const database = await testDatabase(opts.migrate ? 'migrated' : 'blank')
  const config = loadConfig({
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/lexia-unused',
    ...env,
  })
  const logger = createLogger({ level: 'ERROR', sinks: [] })
  const { app } = createApp({
    config,
    database,
    mailer: outboxMailer(database.db, logger, () => {}),
    logger,
    clientDir,
  })
  return { app, database, close: () => database.close() }
}
