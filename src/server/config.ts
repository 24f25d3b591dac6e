import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { weakSecretReason } from './lib/secret-strength'

const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const
export const CORPUS_BACKGROUND_MODES = ['all', 'demo', 'off'] as const
export type CorpusBackgroundMode = (typeof CORPUS_BACKGROUND_MODES)[number]

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: z.url({ protocol: /^https?$/, message: 'BASE_URL debe ser una URL http(s) completa' }).optional(),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar con postgres://')
      .optional(),
  ),
  DATA_DIR: optionalString,
  AUTH_SECRET: optionalString.pipe(
    z.string().min(32, 'AUTH_SECRET debe tener al menos 32 caracteres').optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar con smtp:// o smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  GTM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'GTM_ID debe tener la forma GTM-XXXXXXX')
      .optional(),
  ),
  SUPPORT_WIDGET_SRC: optionalString.pipe(z.url('SUPPORT_WIDGET_SRC debe ser una URL').optional()),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((v) => (v ? v.toUpperCase() : 'INFO'))
    .pipe(z.enum(LOG_LEVELS, { message: 'LOG_LEVEL debe ser DEBUG, INFO, WARN o ERROR' })),
  LOG_TO_DB: booleanish,
  /** Tests may raise auth rate limits by a factor; they can never switch them off. */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(1000).default(1),
  /**
   * NODE_ENV=test only: passwords hashed with a cheap scrypt (auth/test-password-hash.ts) instead of better-auth's.
   * Each sign-up and sign-in costs ~0.14 s of CPU with the real one, and the server tests sign up and in over and over.
   */
  AUTH_TEST_PASSWORD_HASH: booleanish,
  /** Production only: lets an operator run on PGlite or the outbox on purpose. */
  ALLOW_EMBEDDED: booleanish,
  /** Production only: an http:// BASE_URL on a private network, where cookies go without Secure. */
  ALLOW_INSECURE_BASE_URL: booleanish,
  TRUST_PROXY: booleanish,
  /** The legal corpus folder; unset → ../shared/corpus beside the project, where it exists. */
  CORPUS_DIR: optionalString,
  /**
   * What a start indexes: all → the demo subset first on an empty index, then the rest of the folder in the
   * background; demo → the demo subset on an empty index only; off → nothing (corpus:ingest only).
   */
  CORPUS_BACKGROUND: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim().toLowerCase() : 'all'))
    .pipe(z.enum(CORPUS_BACKGROUND_MODES, { message: 'CORPUS_BACKGROUND debe ser all, demo u off' })),
  /**
   * Under `npm start`'s launcher, a server whose corpus pass stored files and left it above this many MB of RSS is
   * replaced by a fresh process (docs/decisions/0020); 0: after every such pass.
   */
  FRESH_PROCESS_ABOVE_MB: z.coerce
    .number({ error: 'FRESH_PROCESS_ABOVE_MB debe ser un número de MB' })
    .int('FRESH_PROCESS_ABOVE_MB debe ser un número entero de MB')
    .min(0, 'FRESH_PROCESS_ABOVE_MB no puede ser negativo')
    .default(200),
  /** Shared secret between Lexia and its HTTP agents (sent to them; required of their partial-answer pushes). */
  AGENT_SHARED_SECRET: optionalString,
  /** Any OpenAI-compatible endpoint for the builtin research agent; unset → extractive answers. */
  LLM_BASE_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'LLM_BASE_URL debe ser una URL http(s)' }).optional(),
  ),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  LLM_REWRITE_QUERY: booleanish,
  /** How long a consultation waits for its agent before refunding and telling the user. */
  AGENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
  /** Credits a new account starts with (docs/decisions/0006); 0 turns the welcome grant off. */
  WELCOME_CREDITS: z.coerce.number().int().min(0).max(1000).default(5),
  /** Mercado Pago (DESIGN 6): all three set → real payments; none → the offline sandbox (never in production). */
  MP_ACCESS_TOKEN: optionalString,
  MP_PUBLIC_KEY: optionalString,
  MP_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, 'MP_WEBHOOK_SECRET debe tener al menos 16 caracteres').optional(),
  ),
  /** Accounts given the admin role at start and at sign-in (comma-separated e-mails; docs/decisions/0024). */
  ADMIN_EMAILS: optionalString,
  /** Shared secret of internal services calling /api/credits/add and /deduct (header x-service-secret). */
  SERVICE_SECRET: optionalString.pipe(
    z.string().min(24, 'SERVICE_SECRET debe tener al menos 24 caracteres').optional(),
  ),
})

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test'
  port: number
  baseUrl: string
  databaseUrl: string | undefined
  dataDir: string
  authSecret: string
  smtpUrl: string | undefined
  mailFrom: string
  gtmId: string | undefined
  supportWidgetSrc: string | undefined
  logLevel: (typeof LOG_LEVELS)[number]
  logToDb: boolean
  authRateLimitFactor: number
  /** Tests only: the cheap password hash (AUTH_TEST_PASSWORD_HASH). */
  testPasswordHash: boolean
  trustProxy: boolean
  corpusDir: string | undefined
  corpusBackground: CorpusBackgroundMode
  /** RSS above which a server replaces itself after a corpus pass that stored files (launcher only). */
  freshProcessAboveMb: number
  agentSharedSecret: string | undefined
  /** The builtin research agent's language model (LLM_*); null → extractive answers. */
  llm: {
    baseUrl: string
    apiKey: string | undefined
    model: string
    timeoutMs: number
    rewriteQuery: boolean
  } | null
  agentTimeoutMs: number
  welcomeCredits: number
  /** True when the outbox stands in for SMTP: /dev/correo exists only then. */
  embeddedMailbox: boolean
  payments: PaymentsConfig
  adminEmails: string[]
  serviceSecret: string | undefined
}

export type PaymentsConfig =
  | { provider: 'mercadopago'; accessToken: string; publicKey: string; webhookSecret: string }
  | { provider: 'sandbox'; accessToken: null; publicKey: null; webhookSecret: string }

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

export const SANDBOX_WEBHOOK_SECRET_FILE = 'sandbox-webhook-secret'

/** Reads or creates a secret kept in the data folder (the auth secret, so sessions survive restarts). */
export function dataDirSecret(dataDir: string, name = 'auth-secret'): string {
  const file = path.join(dataDir, name)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  const problems: string[] = []

  if (production && !e.AUTH_SECRET) problems.push('AUTH_SECRET: obligatorio cuando NODE_ENV=production')
  if (production && !e.BASE_URL) problems.push('BASE_URL: obligatorio cuando NODE_ENV=production')
  if (production && e.BASE_URL && new URL(e.BASE_URL).protocol === 'http:' && !e.ALLOW_INSECURE_BASE_URL)
    problems.push(
      'BASE_URL: debe empezar con https:// en producción (sin https las cookies de sesión viajan sin Secure); en una red privada, ALLOW_INSECURE_BASE_URL=true lo permite',
    )
  if (production) {
    // Outside production a short or test secret is fine; a deployment signs real sessions and credit changes.
    for (const [name, value] of [
      ['AUTH_SECRET', e.AUTH_SECRET],
      ['SERVICE_SECRET', e.SERVICE_SECRET],
    ] as const) {
      const reason = value === undefined ? null : weakSecretReason(value, 32)
      if (reason) problems.push(`${name}: en producción ${reason}`)
    }
  }
  if (production && !e.ALLOW_EMBEDDED) {
    if (!e.DATABASE_URL)
      problems.push('DATABASE_URL: obligatorio en producción (o ALLOW_EMBEDDED=true para usar PGlite)')
    if (!e.SMTP_URL)
      problems.push('SMTP_URL: obligatorio en producción (o ALLOW_EMBEDDED=true para usar el buzón local)')
  }
  if (e.AUTH_TEST_PASSWORD_HASH && e.NODE_ENV !== 'test')
    problems.push(
      'AUTH_TEST_PASSWORD_HASH: solo con NODE_ENV=test (las contraseñas reales usan el hash completo)',
    )
  if (e.SMTP_URL && !e.MAIL_FROM) problems.push('MAIL_FROM: obligatorio cuando SMTP_URL está definido')
  if (e.LLM_BASE_URL && !e.LLM_MODEL)
    problems.push('LLM_MODEL: obligatorio cuando LLM_BASE_URL está definido')
  const mpKeys = [e.MP_ACCESS_TOKEN, e.MP_PUBLIC_KEY, e.MP_WEBHOOK_SECRET].filter(Boolean).length
  if (mpKeys > 0 && mpKeys < 3)
    problems.push('MP_ACCESS_TOKEN, MP_PUBLIC_KEY y MP_WEBHOOK_SECRET: se definen los tres juntos')
  else if (production && mpKeys === 0)
    problems.push(
      'MP_ACCESS_TOKEN, MP_PUBLIC_KEY y MP_WEBHOOK_SECRET: obligatorios en producción (el sandbox de pagos no se usa en producción)',
    )
  if (problems.length) throw new ConfigError(problems)

  const dataDir = path.resolve(e.DATA_DIR ?? 'data')
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    baseUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    authSecret: e.AUTH_SECRET ?? dataDirSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Lexia <no-responder@lexia.local>',
    gtmId: e.GTM_ID,
    supportWidgetSrc: e.SUPPORT_WIDGET_SRC,
    logLevel: e.LOG_LEVEL,
    logToDb: e.LOG_TO_DB,
    authRateLimitFactor: e.AUTH_RATE_LIMIT_FACTOR,
    testPasswordHash: e.AUTH_TEST_PASSWORD_HASH,
    trustProxy: e.TRUST_PROXY,
    corpusDir: e.CORPUS_DIR,
    corpusBackground: e.CORPUS_BACKGROUND,
    freshProcessAboveMb: e.FRESH_PROCESS_ABOVE_MB,
    agentSharedSecret: e.AGENT_SHARED_SECRET,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL,
            apiKey: e.LLM_API_KEY,
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
            rewriteQuery: e.LLM_REWRITE_QUERY,
          }
        : null,
    agentTimeoutMs: e.AGENT_TIMEOUT_MS,
    welcomeCredits: e.WELCOME_CREDITS,
    embeddedMailbox: !e.SMTP_URL,
    payments:
      e.MP_ACCESS_TOKEN && e.MP_PUBLIC_KEY && e.MP_WEBHOOK_SECRET
        ? {
            provider: 'mercadopago',
            accessToken: e.MP_ACCESS_TOKEN,
            publicKey: e.MP_PUBLIC_KEY,
            webhookSecret: e.MP_WEBHOOK_SECRET,
          }
        : {
            provider: 'sandbox',
            accessToken: null,
            publicKey: null,
            // The settle command signs its webhook with the same secret: it reads it from the data folder too.
            webhookSecret: dataDirSecret(dataDir, SANDBOX_WEBHOOK_SECRET_FILE),
          },
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
    serviceSecret: e.SERVICE_SECRET,
  }
}

/** For entry points: a bad environment prints which variables are wrong and exits, with no stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
