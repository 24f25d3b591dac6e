import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  consoleSink,
  createLogger,
  LOG_ENTRY_FIELDS,
  LOGGER_SPEC,
  type LogEntry,
  type LogLevel,
  logger,
  newTransactionId,
  REDACTED,
  REDACTED_CARD,
  redact,
  shortUserId,
} from './logger'

function capture(options: { level?: LogLevel } = {}) {
  const entries: LogEntry[] = []
  const log = createLogger({ ...options, sinks: [(entry) => void entries.push(entry)] })
  return { log, entries }
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('spec constants', () => {
  it('states the logger contract', () => {
    expect(LOGGER_SPEC).toBe(
      'Logger: minimum level INFO; redacts passwords, tokens, access and refresh tokens, card data, authorization and cookie values, and shortens user ids.',
    )
    expect(LOG_ENTRY_FIELDS).toEqual(['timestamp', 'level', 'message', 'transaction_id', 'metadata'])
  })
})

describe('entry shape', () => {
  it('emits exactly the spec fields', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-03-04T05:06:07.089Z'))
    const { log, entries } = capture()
    log.info('hola', { a: 1 })
    log.warn('sin metadata')
    expect(entries).toEqual([
      {
        timestamp: '2025-03-04T05:06:07.089Z',
        level: 'INFO',
        message: 'hola',
        transaction_id: null,
        metadata: { a: 1 },
      },
      {
        timestamp: '2025-03-04T05:06:07.089Z',
        level: 'WARN',
        message: 'sin metadata',
        transaction_id: null,
        metadata: null,
      },
    ])
    expect(Object.keys(entries[0]!)).toEqual([...LOG_ENTRY_FIELDS])
  })
})

describe('levels', () => {
  it('defaults to INFO and drops DEBUG', () => {
    const { log, entries } = capture()
    log.debug('d')
    log.info('i')
    log.warn('w')
    log.error('e')
    expect(entries.map((e) => e.level)).toEqual(['INFO', 'WARN', 'ERROR'])
  })

  it('honours the level option', () => {
    const { log, entries } = capture({ level: 'WARN' })
    log.info('i')
    log.warn('w')
    expect(entries.map((e) => e.message)).toEqual(['w'])
  })

  it('setLevel changes the threshold, for children too', () => {
    const { log, entries } = capture()
    const child = log.child({ transactionId: 'tx_1' })
    log.debug('before')
    log.setLevel('DEBUG')
    log.debug('after')
    child.debug('child')
    log.setLevel('ERROR')
    log.warn('dropped')
    log.error('kept')
    expect(entries.map((e) => e.message)).toEqual(['after', 'child', 'kept'])
  })

  it('the default instance is at INFO', () => {
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {})
    logger.debug('nope')
    expect(spy).not.toHaveBeenCalled()
    logger.info('sí')
    expect(spy).toHaveBeenCalledTimes(1)
  })
})

describe('console sink', () => {
  it('writes one JSON line per entry to the stream matching the level', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const entry: LogEntry = {
      timestamp: '2025-01-01T00:00:00.000Z',
      level: 'INFO',
      message: 'm',
      transaction_id: 'tx_a',
      metadata: null,
    }
    consoleSink(entry)
    consoleSink({ ...entry, level: 'DEBUG' })
    consoleSink({ ...entry, level: 'WARN' })
    consoleSink({ ...entry, level: 'ERROR' })
    expect(log).toHaveBeenCalledTimes(2)
    expect(log).toHaveBeenNthCalledWith(1, JSON.stringify(entry))
    expect(warn).toHaveBeenCalledWith(JSON.stringify({ ...entry, level: 'WARN' }))
    expect(error).toHaveBeenCalledWith(JSON.stringify({ ...entry, level: 'ERROR' }))
  })
})

describe('sinks', () => {
  it('a throwing sink neither throws to the caller nor stops other sinks', () => {
    const seen: string[] = []
    const log = createLogger({
      sinks: [
        () => {
          throw new Error('boom')
        },
        (e) => void seen.push(e.message),
      ],
    })
    expect(() => log.error('x')).not.toThrow()
    expect(seen).toEqual(['x'])
  })

  it('a rejecting sink does not surface an unhandled rejection', async () => {
    const onUnhandled = vi.fn()
    process.on('unhandledRejection', onUnhandled)
    try {
      const log = createLogger({ sinks: [() => Promise.reject(new Error('async boom'))] })
      expect(() => log.error('x')).not.toThrow()
      // Node reports an unhandled rejection once the microtasks of the turn have run: one full turn is enough.
      await new Promise((resolve) => setImmediate(resolve))
      await new Promise((resolve) => setImmediate(resolve))
      expect(onUnhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it('a sink that logs through the same logger does not recurse', () => {
    const seen: string[] = []
    const log = createLogger({ sinks: [] })
    log.addSink((e) => {
      seen.push(e.message)
      log.error('from sink')
    })
    log.error('first')
    log.error('second')
    expect(seen).toEqual(['first', 'second'])
  })

  it('addSink reaches entries logged afterwards, including from earlier children', () => {
    const log = createLogger({ sinks: [] })
    const child = log.child({ transactionId: 'tx_c' })
    const seen: string[] = []
    log.info('lost')
    log.addSink((e) => void seen.push(e.message))
    child.info('found')
    expect(seen).toEqual(['found'])
  })
})

describe('child', () => {
  it('carries the transaction id and merged metadata', () => {
    const { log, entries } = capture()
    const child = log.child({ transactionId: 'tx_abc', metadata: { route: '/chat', a: 1 } })
    child.info('m', { a: 2, b: 3 })
    log.info('root')
    expect(entries[0]!.transaction_id).toBe('tx_abc')
    expect(entries[0]!.metadata).toEqual({ route: '/chat', a: 2, b: 3 })
    expect(entries[1]!.transaction_id).toBeNull()
    expect(entries[1]!.metadata).toBeNull()
  })

  it('grandchildren inherit or override the transaction id and stack metadata', () => {
    const { log, entries } = capture()
    const child = log.child({ transactionId: 'tx_1', metadata: { a: 1 } })
    child.child({ metadata: { b: 2 } }).info('inherit')
    child.child({ transactionId: 'tx_2' }).info('override')
    expect(entries.map((e) => [e.transaction_id, e.metadata])).toEqual([
      ['tx_1', { a: 1, b: 2 }],
      ['tx_2', { a: 1 }],
    ])
  })

  it('redacts child bindings too', () => {
    const { log, entries } = capture()
    log.child({ metadata: { userId: 'abcdefghijkl', token: 't' } }).info('m')
    expect(entries[0]!.metadata).toEqual({ userId: 'abcdefgh…', token: '[REDACTED]' })
  })
})

describe('newTransactionId', () => {
  it('is tx_ plus 12 hex chars and varies', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newTransactionId()))
    for (const id of ids) expect(id).toMatch(/^tx_[0-9a-f]{12}$/)
    expect(ids.size).toBe(50)
  })
})

describe('redact', () => {
  it.each(['password', 'newPassword', 'currentPassword', 'new_password', 'pass', 'pwd', 'PASSWORD'])(
    'redacts password key %s',
    (key) => {
      expect(redact({ [key]: 'hunter2', keep: 'ok' })).toEqual({ [key]: '[REDACTED]', keep: 'ok' })
    },
  )

  it.each([
    'token',
    'access_token',
    'accessToken',
    'access-token',
    'refresh_token',
    'refreshToken',
    'refresh-token',
    'id_token',
    'idToken',
    'session_token',
    'sessionToken',
    'csrfToken',
    'X-CSRF-Token',
  ])('redacts token key %s', (key) => {
    expect(redact({ [key]: 'abc.def.ghi' })).toEqual({ [key]: '[REDACTED]' })
  })

  it.each(['secret', 'client_secret', 'clientSecret', 'api_key', 'apiKey', 'apikey', 'api-key'])(
    'redacts secret key %s',
    (key) => {
      expect(redact({ [key]: 's3cr3t' })).toEqual({ [key]: '[REDACTED]' })
    },
  )

  it.each([
    'card_number',
    'cardNumber',
    'security_code',
    'securityCode',
    'cvv',
    'CVC',
    'expiration_month',
    'expirationYear',
    'card',
  ])('redacts card key %s', (key) => {
    expect(redact({ [key]: '12' })).toEqual({ [key]: '[REDACTED]' })
  })

  it.each([
    'authorization',
    'Authorization',
    'cookie',
    'Cookie',
    'set-cookie',
    'Set-Cookie',
    'setCookie',
    'otp',
  ])('redacts header/otp key %s', (key) => {
    expect(redact({ [key]: 'value' })).toEqual({ [key]: '[REDACTED]' })
  })

  it('redacts whole objects under a sensitive key, whatever the value type', () => {
    expect(redact({ card: { number: '4111111111111111', cvv: '123' }, password: null, token: 42 })).toEqual({
      card: '[REDACTED]',
      password: '[REDACTED]',
      token: '[REDACTED]',
    })
  })

  it('leaves look-alike keys alone', () => {
    const value = { passport: 'X', tokens_used: 120, cards_count: 2, user: 'ana', cardholder: 'ANA' }
    expect(redact(value)).toEqual(value)
  })

  it('recurses into nested objects and arrays', () => {
    const input = {
      request: {
        headers: { Authorization: 'Bearer abc', Cookie: 'sid=1', accept: 'json' },
        body: { items: [{ password: 'p1' }, { nested: [{ refresh_token: 'r' }] }, 'plain'] },
      },
    }
    expect(redact(input)).toEqual({
      request: {
        headers: { Authorization: '[REDACTED]', Cookie: '[REDACTED]', accept: 'json' },
        body: { items: [{ password: '[REDACTED]' }, { nested: [{ refresh_token: '[REDACTED]' }] }, 'plain'] },
      },
    })
  })

  it('does not mutate its input', () => {
    const input = { password: 'p', nested: { token: 't' } }
    redact(input)
    expect(input).toEqual({ password: 'p', nested: { token: 't' } })
  })

  it('shortens user ids to 8 characters plus an ellipsis', () => {
    expect(
      redact({ user_id: 'a1b2c3d4-e5f6-7890', userId: 'zyxwvutsrq', other: { userId: 123456789012 } }),
    ).toEqual({ user_id: 'a1b2c3d4…', userId: 'zyxwvuts…', other: { userId: '12345678…' } })
    expect(shortUserId('0123456789abcdef')).toBe('01234567…')
    expect(shortUserId('short')).toBe('short')
    expect(shortUserId('12345678')).toBe('12345678')
    expect(shortUserId('123456789')).toBe('12345678…')
  })

  it('scrubs bearer credentials inside strings', () => {
    expect(redact('Authorization: Bearer eyJhbGciOi.payload.sig and more')).toBe(
      'Authorization: Bearer [REDACTED] and more',
    )
    expect(redact({ note: 'sent bearer abc123' })).toEqual({ note: 'sent bearer [REDACTED]' })
  })

  it('scrubs card-number-looking runs of 13 to 19 digits', () => {
    expect(redact('tarjeta 4111111111111111 ok')).toBe('tarjeta [REDACTED_CARD] ok')
    expect(redact('4111 1111 1111 1111')).toBe('[REDACTED_CARD]')
    expect(redact('4111-1111-1111-1111.')).toBe('[REDACTED_CARD].')
    expect(redact({ msg: ['amex 3782 822463 10005'] })).toEqual({ msg: ['amex [REDACTED_CARD]'] })
    expect(redact('19 digits 4111111111111111123')).toBe('19 digits [REDACTED_CARD]')
  })

  it('keeps provider payment ids traceable while card data around them is still redacted', () => {
    // A Mercado Pago payment id is a 13-digit run: the card pattern alone would hide it.
    expect(
      redact({
        provider: 'mercadopago',
        paymentId: '1234567890123',
        provider_payment_id: '4111111111111111',
        merchantOrderId: 31234567890123,
        preapproval_id: '2c9380848f1e0b2c018f2a',
        cardNumber: '4111111111111111',
        card: { number: '5031755734530604' },
        note: 'pagó con 4111 1111 1111 1111',
      }),
    ).toEqual({
      provider: 'mercadopago',
      paymentId: '1234567890123',
      provider_payment_id: '4111111111111111',
      merchantOrderId: 31234567890123,
      preapproval_id: '2c9380848f1e0b2c018f2a',
      cardNumber: REDACTED,
      card: REDACTED,
      note: `pagó con ${REDACTED_CARD}`,
    })
    // Free text or a spaced PAN under an id key is not an id: it is scrubbed like any string.
    expect(redact({ paymentId: '4111 1111 1111 1111' })).toEqual({ paymentId: REDACTED_CARD })
    expect(redact({ paymentId: 'tarjeta 4111111111111111' })).toEqual({
      paymentId: `tarjeta ${REDACTED_CARD}`,
    })
    // Other keys get no such exemption.
    expect(redact({ reference: '1234567890123' })).toEqual({ reference: REDACTED_CARD })
  })

  it('leaves shorter or longer digit runs and ids alone', () => {
    const samples = [
      'DNI 12345678',
      'RUC 20123456789',
      'tel +51 987 654 321',
      '12 digits 123456789012',
      '20 digits 12345678901234567890',
      'id 550e8400-e29b-41d4-a716-446655440000',
      '2025-03-04T05:06:07.089Z',
    ]
    for (const s of samples) expect(redact(s)).toBe(s)
  })

  it('is safe with cycles and limits depth', () => {
    const a: Record<string, unknown> = { name: 'a' }
    a.self = a
    a.list = [a]
    expect(redact(a)).toEqual({ name: 'a', self: '[Circular]', list: ['[Circular]'] })

    let deep: Record<string, unknown> = { leaf: true }
    for (let i = 0; i < 20; i++) deep = { next: deep }
    const out = JSON.stringify(redact(deep))
    expect(out).toContain('[Truncated]')
    expect(out).not.toContain('leaf')
  })

  it('repeats shared (non-cyclic) references instead of calling them circular', () => {
    const shared = { x: 1 }
    expect(redact({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } })
  })

  it('makes errors, dates and bigints JSON-friendly', () => {
    const err = new Error('falló con Bearer abc', { cause: { access_token: 'x' } })
    const out = redact({ err, at: new Date('2025-01-01T00:00:00Z'), n: 10n }) as Record<string, unknown>
    expect(out.at).toBe('2025-01-01T00:00:00.000Z')
    expect(out.n).toBe('10')
    expect(out.err).toMatchObject({
      name: 'Error',
      message: 'falló con Bearer [REDACTED]',
      cause: { access_token: '[REDACTED]' },
    })
    expect((out.err as { stack: string }).stack).toMatch(/^Error: falló con Bearer \[REDACTED\]\n/)
    expect(() => JSON.stringify(out)).not.toThrow()
  })
})

describe('logger redaction', () => {
  it('redacts metadata and scrubs the message', () => {
    const { log, entries } = capture()
    log.warn('pago con 4111 1111 1111 1111 y Bearer xyz', {
      userId: 'user-1234567890',
      payment: { card_number: '4111111111111111', amount: 50 },
      headers: { authorization: 'Bearer xyz' },
    })
    expect(entries[0]).toMatchObject({
      message: 'pago con [REDACTED_CARD] y Bearer [REDACTED]',
      metadata: {
        userId: 'user-123…',
        payment: { card_number: '[REDACTED]', amount: 50 },
        headers: { authorization: '[REDACTED]' },
      },
    })
  })
})

describe('database errors', () => {
  // The shape drizzle and both drivers give a failed statement: SQL and parameters on the wrapper and the cause.
  function failedQuery() {
    const cause = Object.assign(new Error('value "99999999999" is out of range for type integer'), {
      code: '22003',
      query: 'select * from consultations where id = $1',
      params: ['ana@ejemplo.pe'],
      detail: 'Key (email)=(ana@ejemplo.pe) already exists.',
    })
    return Object.assign(
      new Error('Failed query: select * from consultations where id = $1\nparams: ana@ejemplo.pe', { cause }),
      { query: 'select * from consultations where id = $1', params: ['ana@ejemplo.pe'] },
    )
  }

  it('logs neither the SQL nor its parameters, whether the error or its message is logged', () => {
    const { log, entries } = capture()
    const error = failedQuery()
    log.error('Error de base de datos', { error, text: error.message, stack: error.stack })
    log.error(`Falló: ${error.message}`)
    const printed = JSON.stringify(entries)
    expect(printed).not.toContain('select * from')
    expect(printed).not.toContain('ana@ejemplo.pe')
    expect(printed).toContain('22003')
    expect(printed).toContain('[SQL omitido]')
  })

  it('keeps a query key that is not a database error’s', () => {
    expect(redact({ query: 'despido arbitrario' })).toEqual({ query: 'despido arbitrario' })
  })
})
