// Issue 18: the logger's redaction (src/shared/logger.ts: by key name at any depth, and by pattern inside strings)
// beside pino's (@pinojs/redact, what pino 10 uses, and fast-redact, what pino used before: both by known paths).
// Which secrets each lets through on log lines shaped like ours, which harmless values each hides, and the cost per
// line (redaction and JSON serialisation, as a sink writes it), median and spread over rounds.
//
//   npm i --no-save @pinojs/redact fast-redact        # not dependencies of Lexia: only this comparison needs them
//   node scripts/run-ts.mjs bench/log-redaction.ts
//
// REDACT_MODULES=DIR reads them from another node_modules (npm i --prefix DIR ...), leaving the project's untouched.
import { createRequire } from 'node:module'
import path from 'node:path'
import { projectRoot } from '../src/server/lib/project-root'
import { redact } from '../src/shared/logger'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const CALLS = Number(process.env.BENCH_CALLS ?? 5000)

type Redactor = (value: Record<string, unknown>) => string

/** The key names our tests expect redacted, as people write them. */
const KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'new_password',
  'pass',
  'pwd',
  'token',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'session_token',
  'csrfToken',
  'secret',
  'client_secret',
  'clientSecret',
  'api_key',
  'apiKey',
  'x-api-key',
  'cardNumber',
  'card_number',
  'securityCode',
  'security_code',
  'cvv',
  'expirationMonth',
  'expirationYear',
  'card',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'otp',
]

/**
 * The paths a careful pino user would configure for those keys: at the top, one level down and two levels down
 * (paths are exact: a key at a depth or in an array nobody listed is not redacted).
 */
const PATHS = KEYS.flatMap((k) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`
  const dot = key.startsWith('[') ? key : `.${key}`
  return [key, `*${dot}`, `*.*${dot}`]
})

const TOP_PATHS = KEYS.map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`))

/** Log lines shaped like ours, each secret a marker that must not reach the output, each kept value one that must. */
type Case = { name: string; line: Record<string, unknown>; secrets: string[]; kept: string[] }

function cases(): Case[] {
  const error = new Error('falló con Bearer SECRET-bearer-in-error')
  const dbError = Object.assign(
    new Error('Failed query: select * from users where email = $1 params: SECRET-sql@x.pe'),
    {
      code: '22003',
      query: 'select * from users where email = $1',
      params: ['SECRET-param@x.pe'],
    },
  )
  return [
    {
      name: 'contraseña arriba',
      line: { password: 'SECRET-pw', email: 'KEPT-ana' },
      secrets: ['SECRET-pw'],
      kept: ['KEPT-ana'],
    },
    {
      name: 'token de acceso y de refresco',
      line: { access_token: 'SECRET-at', refreshToken: 'SECRET-rt' },
      secrets: ['SECRET-at', 'SECRET-rt'],
      kept: [],
    },
    {
      name: 'cabeceras anidadas (authorization, cookie, x-api-key)',
      line: {
        request: {
          headers: {
            authorization: 'Bearer SECRET-h',
            cookie: 'sid=SECRET-c',
            'x-api-key': 'SECRET-k',
            accept: 'KEPT-json',
          },
        },
      },
      secrets: ['SECRET-h', 'SECRET-c', 'SECRET-k'],
      kept: ['KEPT-json'],
    },
    {
      name: 'arreglos anidados (body.items[].nested[].refresh_token)',
      line: {
        request: {
          body: { items: [{ password: 'SECRET-p1' }, { nested: [{ refresh_token: 'SECRET-r' }] }] },
        },
      },
      secrets: ['SECRET-p1', 'SECRET-r'],
      kept: [],
    },
    {
      name: 'clave de Mercado Pago bajo un nombre no listado (mpAccessToken, webhook_secret)',
      line: { config: { mpAccessToken: 'APP_USR-SECRET-mp', webhook_secret: 'SECRET-wh' } },
      secrets: ['APP_USR-SECRET-mp', 'SECRET-wh'],
      kept: [],
    },
    {
      name: 'datos de tarjeta (card, cardNumber, CVV) y el id de pago que debe quedar',
      line: {
        payment: {
          paymentId: 'KEPT-1234567890123',
          cardNumber: '4111SECRET',
          card: { number: '5031SECRET', cvv: '123' },
        },
      },
      secrets: ['4111SECRET', '5031SECRET'],
      kept: ['KEPT-1234567890123'],
    },
    {
      name: 'número de tarjeta en texto libre',
      line: { note: 'pagó con 4111 1111 1111 1111' },
      secrets: ['4111 1111 1111 1111'],
      kept: ['pagó con'],
    },
    {
      name: 'Bearer en texto libre',
      line: { detail: 'respuesta a Bearer SECRET-free' },
      secrets: ['SECRET-free'],
      kept: ['respuesta a'],
    },
    {
      name: 'Bearer en el mensaje de un Error',
      line: { error },
      secrets: ['SECRET-bearer-in-error'],
      kept: ['falló con'],
    },
    {
      name: 'error de la base: SQL y parámetros',
      line: { error: dbError },
      secrets: ['SECRET-sql@x.pe', 'SECRET-param@x.pe', 'select * from users'],
      kept: ['22003'],
    },
    {
      name: 'nombres parecidos que no son secretos',
      line: {
        passport: 'KEPT-pp',
        tokens_used: 'KEPT-120',
        cardholder: 'KEPT-ANA',
        query: 'KEPT-despido arbitrario',
      },
      secrets: [],
      kept: ['KEPT-pp', 'KEPT-120', 'KEPT-ANA', 'KEPT-despido arbitrario'],
    },
  ]
}

/** Typical lines for the cost: a small one (most of ours), a request with headers and body, an error. */
function costLines(): Record<string, Record<string, unknown>> {
  return {
    'pequeña (ids)': { userId: '0123456789abcdef', historyId: 42, agentId: 'general', reason: 'timeout' },
    'petición (cabeceras y cuerpo)': {
      route: '/api/agentCommunication',
      request: {
        headers: {
          authorization: 'Bearer abc.def.ghi',
          cookie: 'sid=1',
          accept: 'application/json',
          'user-agent': 'x',
        },
        body: {
          agentId: 'general',
          sessionId: 's-1',
          userInput: '¿Cuánto dura el mandato presidencial?',
          countryCode: 'PE',
        },
      },
    },
    'error con causa': {
      error: new Error('El agente falló', { cause: new Error('ECONNRESET') }),
      historyId: 7,
    },
  }
}

function load(name: string): ((options: object) => Redactor) | null {
  const roots = [process.env.REDACT_MODULES, projectRoot()].filter((r): r is string => !!r)
  for (const root of roots) {
    try {
      return createRequire(path.join(root, 'package.json'))(name)
    } catch {}
  }
  return null
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]! }
}

function main() {
  const redactors: Record<string, Redactor> = { 'Lexia (logger.ts)': (v) => JSON.stringify(redact(v)) }
  for (const [label, name] of [
    ['@pinojs/redact (pino 10)', '@pinojs/redact'],
    ['fast-redact (pino ≤ 9)', 'fast-redact'],
  ] as const) {
    const make = load(name)
    // strict: false passes primitives through, as a logger must; fast-redact mutates and restores by itself.
    if (make) {
      redactors[label] = make({ paths: PATHS, strict: false })
      // Its cheapest configuration, for the cost: the names at the top only (catches least).
      redactors[`${label}, solo arriba`] = make({ paths: TOP_PATHS, strict: false })
    } else console.log(`${name} no está instalado: npm i --no-save ${name} (o REDACT_MODULES=DIR)`)
  }
  console.log(`Rutas de pino: ${PATHS.length} (${KEYS.length} nombres × arriba, *. y *.*.)\n`)

  console.log('Secretos que llegan a la salida / valores inocuos que se pierden:')
  const all = cases()
  for (const [label, run] of Object.entries(redactors)) {
    let leaked = 0
    let secrets = 0
    let lost = 0
    const misses: string[] = []
    for (const c of all) {
      let out: string
      try {
        out = run(c.line)
      } catch (e) {
        out = `[lanzó: ${(e as Error).message}]`
      }
      const leaks = c.secrets.filter((s) => out.includes(s))
      const gone = c.kept.filter((k) => !out.includes(k))
      secrets += c.secrets.length
      leaked += leaks.length
      lost += gone.length
      if (leaks.length || gone.length)
        misses.push(
          `    ${c.name}: ${leaks.length ? `deja ${leaks.join(', ')}` : ''}${leaks.length && gone.length ? '; ' : ''}${gone.length ? `pierde ${gone.join(', ')}` : ''}`,
        )
    }
    console.log(`  ${label}: ${leaked}/${secrets} secretos a la salida, ${lost} valores inocuos perdidos`)
    for (const m of misses) console.log(m)
  }

  console.log(
    `\nCosto por línea (redacción + JSON), ${ROUNDS} rondas de ${CALLS} llamadas: mediana [mín–máx] por ronda`,
  )
  for (const [shape, line] of Object.entries(costLines())) {
    const cells: string[] = []
    for (const [label, run] of Object.entries(redactors)) {
      for (let i = 0; i < CALLS; i++) run(line) // warm-up: the JIT's tiers
      const perCall: number[] = []
      for (let r = 0; r < ROUNDS; r++) {
        const t0 = performance.now()
        for (let i = 0; i < CALLS; i++) run(line)
        perCall.push(((performance.now() - t0) * 1000) / CALLS)
      }
      const m = median(perCall)
      cells.push(`${label} ${m.median.toFixed(2)} µs [${m.min.toFixed(2)}–${m.max.toFixed(2)}]`)
    }
    console.log(`  ${shape}: ${cells.join(' · ')}`)
  }
}

main()
