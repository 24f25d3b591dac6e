// Isomorphic on purpose: the browser client and the server share this file, so no Node imports.

export const LOGGER_SPEC =
  'Logger: minimum level INFO; redacts passwords, tokens, access and refresh tokens, card data, authorization and cookie values, and shortens user ids.'

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const LOG_ENTRY_FIELDS = ['timestamp', 'level', 'message', 'transaction_id', 'metadata'] as const

export type LogEntry = {
  /** ISO 8601. */
  timestamp: string
  level: LogLevel
  message: string
  transaction_id: string | null
  metadata: Record<string, unknown> | null
}

export type LogSink = (entry: LogEntry) => void | Promise<void>

export type Logger = {
  debug(message: string, metadata?: Record<string, unknown>): void
  info(message: string, metadata?: Record<string, unknown>): void
  warn(message: string, metadata?: Record<string, unknown>): void
  error(message: string, metadata?: Record<string, unknown>): void
  child(bindings: { transactionId?: string; metadata?: Record<string, unknown> }): Logger
  addSink(sink: LogSink): void
  setLevel(level: LogLevel): void
}

export const REDACTED = '[REDACTED]'
export const REDACTED_CARD = '[REDACTED_CARD]'

const LEVEL_RANK: Record<LogLevel, number> = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40 }

// Deep enough for real request/response payloads, shallow enough that a pathological object can't stall a log call.
const MAX_DEPTH = 8

// Keys are compared after lower-casing and dropping separators, so `access_token`, `accessToken`
// and `access-token` all hit the same entry.
const SENSITIVE_KEYS = new Set([
  'password',
  'newpassword',
  'currentpassword',
  'pass',
  'pwd',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'sessiontoken',
  'secret',
  'clientsecret',
  'apikey',
  'cardnumber',
  'securitycode',
  'cvv',
  'cvc',
  'expirationmonth',
  'expirationyear',
  'card',
  'authorization',
  'cookie',
  'setcookie',
  'otp',
])

// Suffixes catch the variants nobody listed yet (`csrf_token`, `old_password`, `x-api-key`).
const SENSITIVE_SUFFIXES = ['token', 'password', 'secret', 'apikey']

const USER_ID_KEYS = new Set(['userid'])

// A provider's payment or order id is a long digit run that looks like a card number to CARD_RE, yet a payment
// must stay traceable in the logs. Under these keys an id-shaped value (one token, no spaces) is kept as it is;
// anything else (free text, a spaced or dashed PAN) is still scrubbed.
const PROVIDER_ID_KEYS = new Set([
  'paymentid',
  'providerpaymentid',
  'merchantorderid',
  'orderid',
  'preferenceid',
  'subscriptionid',
  'providersubscriptionid',
  'preapprovalid',
])
const ID_SHAPED = /^[A-Za-z0-9_.:]{1,64}$/

const normalizeKey = (key: string) => key.toLowerCase().replace(/[-_\s.]/g, '')

const isSensitiveKey = (normalized: string) =>
  SENSITIVE_KEYS.has(normalized) || SENSITIVE_SUFFIXES.some((suffix) => normalized.endsWith(suffix))

const BEARER_RE = /\b(bearer)\s+[^\s"',;]+/gi
// The look-arounds keep digit runs embedded in ids (`a716-4466…`) or longer numbers from matching.
const CARD_RE = /(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g

// Drizzle's error message is the whole statement and its parameters (what a user typed): only its first words stay.
const FAILED_QUERY_RE = /Failed query:[\s\S]*/g
export const SQL_OMITTED = 'Failed query: [SQL omitido]'

/**
 * Scrubs secrets that travel inside free text: bearer credentials, card-number-looking digit runs, and the SQL
 * and parameters of a failed query.
 */
export function scrubString(value: string): string {
  return value
    .replace(FAILED_QUERY_RE, SQL_OMITTED)
    .replace(BEARER_RE, `$1 ${REDACTED}`)
    .replace(CARD_RE, REDACTED_CARD)
}

/** Fields a database driver's error carries that quote the statement, its parameters or row values. */
const DB_ERROR_KEYS = new Set([
  'query',
  'params',
  'parameters',
  'internalquery',
  'queryoptions',
  'detail',
  'where',
])

/** Enough of a user id to correlate log lines, not enough to be the identifier itself. */
export function shortUserId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id
}

/**
 * Returns a JSON-safe copy of `value` with sensitive keys replaced, user ids shortened and strings
 * scrubbed. Never mutates the input: callers keep logging the objects they go on using.
 */
export function redact(value: unknown): unknown {
  return redactValue(value, 0, [])
}

function redactValue(value: unknown, depth: number, ancestors: object[]): unknown {
  if (typeof value === 'string') return scrubString(value)
  // JSON.stringify throws on bigint, which would silently lose the entry in the console sink.
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'function') return '[Function]'
  if (typeof value === 'symbol') return value.toString()
  if (value === null || typeof value !== 'object') return value
  if (ancestors.includes(value)) return '[Circular]'
  if (depth >= MAX_DEPTH) return '[Truncated]'
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()

  const path = [...ancestors, value]
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, path))

  // Error fields are non-enumerable and would serialise as `{}`; `cause` often holds the real failure.
  const source: Record<string, unknown> =
    value instanceof Error
      ? {
          ...value,
          name: value.name,
          message: value.message,
          stack: value.stack,
          ...(value.cause !== undefined && { cause: value.cause }),
        }
      : (value as Record<string, unknown>)

  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(source)) {
    const normalized = normalizeKey(key)
    if (value instanceof Error && DB_ERROR_KEYS.has(normalized)) continue
    if (isSensitiveKey(normalized)) out[key] = REDACTED
    else if (USER_ID_KEYS.has(normalized) && (typeof item === 'string' || typeof item === 'number'))
      out[key] = shortUserId(String(item))
    else if (PROVIDER_ID_KEYS.has(normalized) && typeof item === 'string' && ID_SHAPED.test(item))
      out[key] = item
    else out[key] = redactValue(item, depth + 1, path)
  }
  return out
}

/** Short, URL-safe id that ties together every log line of one request or user action. */
export function newTransactionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(6))
  return `tx_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** One JSON line per entry, on the console stream that matches its severity. */
export const consoleSink: LogSink = (entry) => {
  const line = JSON.stringify(entry)
  if (entry.level === 'ERROR') console.error(line)
  else if (entry.level === 'WARN') console.warn(line)
  else console.log(line)
}

// Children share this with their root, so configuring the app logger at startup also reaches
// request loggers created before that.
type SharedState = { level: LogLevel; sinks: LogSink[]; emitting: boolean }

const swallow = () => {}

export function createLogger(options: { level?: LogLevel; sinks?: LogSink[] } = {}): Logger {
  const state: SharedState = {
    level: options.level ?? 'INFO',
    sinks: options.sinks ? [...options.sinks] : [consoleSink],
    emitting: false,
  }
  return buildLogger(state, null, null)
}

function buildLogger(
  state: SharedState,
  transactionId: string | null,
  bindings: Record<string, unknown> | null,
): Logger {
  const emit = (level: LogLevel, message: string, metadata?: Record<string, unknown>) => {
    if (LEVEL_RANK[level] < LEVEL_RANK[state.level]) return
    // A sink that logs through this same logger would otherwise recurse without end.
    if (state.emitting) return
    state.emitting = true
    try {
      const merged = bindings || metadata ? { ...bindings, ...metadata } : null
      const entry: LogEntry = {
        timestamp: new Date().toISOString(),
        level,
        message: scrubString(String(message)),
        transaction_id: transactionId,
        metadata: merged ? (redact(merged) as Record<string, unknown>) : null,
      }
      for (const sink of state.sinks) {
        // Logging is never worth failing the caller's operation over.
        try {
          const result = sink(entry)
          if (result && typeof result.then === 'function') result.then(undefined, swallow)
        } catch {}
      }
    } finally {
      state.emitting = false
    }
  }

  return {
    debug: (message, metadata) => emit('DEBUG', message, metadata),
    info: (message, metadata) => emit('INFO', message, metadata),
    warn: (message, metadata) => emit('WARN', message, metadata),
    error: (message, metadata) => emit('ERROR', message, metadata),
    child: (child) =>
      buildLogger(
        state,
        child.transactionId ?? transactionId,
        child.metadata ? { ...bindings, ...child.metadata } : bindings,
      ),
    addSink: (sink) => {
      state.sinks.push(sink)
    },
    setLevel: (level) => {
      state.level = level
    },
  }
}

/** The application logger. */
export const logger: Logger = createLogger()
