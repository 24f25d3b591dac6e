import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'lexia-config-'))

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

// 32 random bytes, base64url: what `openssl rand -base64 32` gives, give or take the alphabet.
const STRONG_SECRET = 'Zq3v9Lk2-Hm8Xw1Rt5Ny7Pb4Jc6Fd0Gs_Ue2Aa9Vo3K'
const OTHER_STRONG_SECRET = '4f9c2e7a1b8d3f6e0a5c9b2d7e1f4a8c3b6d9e2f5a0c7b4d1e8f3a6c9b2e5d0f'

const MP_KEYS = {
  MP_ACCESS_TOKEN: 'APP_USR-1',
  MP_PUBLIC_KEY: 'TEST-public',
  MP_WEBHOOK_SECRET: 'w'.repeat(32),
}

describe('loadConfig', () => {
  it('gives embedded defaults and keeps a generated auth secret in the data folder', () => {
    const dir = tmp()
    const a = loadConfig({ DATA_DIR: dir })
    expect(a.port).toBe(3000)
    expect(a.baseUrl).toBe('http://localhost:3000')
    expect(a.databaseUrl).toBeUndefined()
    expect(a.embeddedMailbox).toBe(true)
    expect(a.logLevel).toBe('INFO')
    expect(a.authSecret.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dir, 'auth-secret')
    expect(readFileSync(file, 'utf8').trim()).toBe(a.authSecret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // The second start reads the same secret, so sessions survive restarts.
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(a.authSecret)
  })

  it('indexes the whole corpus folder unless CORPUS_BACKGROUND limits it', () => {
    const dir = tmp()
    expect(loadConfig({ DATA_DIR: dir }).corpusBackground).toBe('all')
    expect(loadConfig({ DATA_DIR: dir, CORPUS_BACKGROUND: '' }).corpusBackground).toBe('all')
    expect(loadConfig({ DATA_DIR: dir, CORPUS_BACKGROUND: 'Demo' }).corpusBackground).toBe('demo')
    expect(loadConfig({ DATA_DIR: dir, CORPUS_BACKGROUND: 'off' }).corpusBackground).toBe('off')
    expect(problems({ DATA_DIR: dir, CORPUS_BACKGROUND: 'todo' })).toEqual([
      'CORPUS_BACKGROUND: CORPUS_BACKGROUND debe ser all, demo u off',
    ])
  })

  it('replaces the server after a pass that left it above 200 MB unless FRESH_PROCESS_ABOVE_MB says otherwise', () => {
    const dir = tmp()
    expect(loadConfig({ DATA_DIR: dir }).freshProcessAboveMb).toBe(200)
    expect(loadConfig({ DATA_DIR: dir, FRESH_PROCESS_ABOVE_MB: '0' }).freshProcessAboveMb).toBe(0)
    expect(problems({ DATA_DIR: dir, FRESH_PROCESS_ABOVE_MB: '-1' })).toEqual([
      'FRESH_PROCESS_ABOVE_MB: FRESH_PROCESS_ABOVE_MB no puede ser negativo',
    ])
    expect(problems({ DATA_DIR: dir, FRESH_PROCESS_ABOVE_MB: 'mucho' })).toEqual([
      'FRESH_PROCESS_ABOVE_MB: FRESH_PROCESS_ABOVE_MB debe ser un número de MB',
    ])
  })

  it('hashes passwords with the cheap test hash only when NODE_ENV=test asks for it', () => {
    const dir = tmp()
    expect(loadConfig({ DATA_DIR: dir }).testPasswordHash).toBe(false)
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).testPasswordHash).toBe(false)
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', AUTH_TEST_PASSWORD_HASH: 'true' }).testPasswordHash,
    ).toBe(true)
    const refusal = [
      'AUTH_TEST_PASSWORD_HASH: solo con NODE_ENV=test (las contraseñas reales usan el hash completo)',
    ]
    expect(problems({ DATA_DIR: dir, AUTH_TEST_PASSWORD_HASH: 'true' })).toEqual(refusal)
    expect(
      problems({ DATA_DIR: dir, NODE_ENV: 'production', AUTH_TEST_PASSWORD_HASH: 'true' }).filter((p) =>
        p.startsWith('AUTH_TEST_PASSWORD_HASH'),
      ),
    ).toEqual(refusal)
  })

  it('names each bad variable', () => {
    expect(problems({ PORT: 'abc', DATA_DIR: tmp() })[0]).toMatch(/^PORT/)
    expect(problems({ DATABASE_URL: 'mysql://x', DATA_DIR: tmp() })[0]).toMatch(/^DATABASE_URL: .*postgres/)
    expect(problems({ LOG_LEVEL: 'loud', DATA_DIR: tmp() })[0]).toMatch(/^LOG_LEVEL/)
    expect(problems({ GTM_ID: 'UA-1', DATA_DIR: tmp() })[0]).toMatch(/^GTM_ID/)
    expect(problems({ AUTH_SECRET: 'short', DATA_DIR: tmp() })[0]).toMatch(/^AUTH_SECRET/)
    expect(problems({ SMTP_URL: 'smtp://mail:25', DATA_DIR: tmp() })).toEqual([
      'MAIL_FROM: obligatorio cuando SMTP_URL está definido',
    ])
  })

  it('refuses production on embedded pieces unless told explicitly', () => {
    const found = problems({ NODE_ENV: 'production' })
    expect(found.some((p) => p.startsWith('AUTH_SECRET'))).toBe(true)
    expect(found.some((p) => p.startsWith('BASE_URL'))).toBe(true)
    expect(found.some((p) => p.startsWith('DATABASE_URL'))).toBe(true)
    expect(found.some((p) => p.startsWith('SMTP_URL'))).toBe(true)
    expect(found.some((p) => p.startsWith('MP_ACCESS_TOKEN'))).toBe(true)
    const ok = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: STRONG_SECRET,
      BASE_URL: 'https://lexia.pe/',
      ALLOW_EMBEDDED: 'true',
      DATA_DIR: tmp(),
      ...MP_KEYS,
    })
    expect(ok.baseUrl).toBe('https://lexia.pe')
    expect(ok.embeddedMailbox).toBe(true)
    expect(ok.payments).toMatchObject({ provider: 'mercadopago', publicKey: 'TEST-public' })
  })

  it('runs the payments sandbox without Mercado Pago keys, and wants all three keys or none', () => {
    const dir = tmp()
    const sandbox = loadConfig({ DATA_DIR: dir })
    expect(sandbox.payments.provider).toBe('sandbox')
    // The settle command finds the same webhook secret in the data folder.
    expect(loadConfig({ DATA_DIR: dir }).payments.webhookSecret).toBe(sandbox.payments.webhookSecret)
    expect(problems({ DATA_DIR: tmp(), MP_ACCESS_TOKEN: 'x' })).toEqual([
      'MP_ACCESS_TOKEN, MP_PUBLIC_KEY y MP_WEBHOOK_SECRET: se definen los tres juntos',
    ])
  })

  it('treats empty variables as unset and reads log level in any case', () => {
    const c = loadConfig({
      DATABASE_URL: '',
      SMTP_URL: ' ',
      LOG_LEVEL: 'debug',
      LOG_TO_DB: 'true',
      DATA_DIR: tmp(),
    })
    expect(c.databaseUrl).toBeUndefined()
    expect(c.embeddedMailbox).toBe(true)
    expect(c.logLevel).toBe('DEBUG')
    expect(c.logToDb).toBe(true)
  })

  it('reads the research agent’s LLM settings, off unless LLM_BASE_URL is set, and requires a model with it', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).llm).toBeNull()
    expect(problems({ LLM_BASE_URL: 'http://localhost:11434/v1', DATA_DIR: tmp() })).toEqual([
      'LLM_MODEL: obligatorio cuando LLM_BASE_URL está definido',
    ])
    expect(problems({ LLM_BASE_URL: 'no-es-url', LLM_MODEL: 'm', DATA_DIR: tmp() })[0]).toMatch(
      /^LLM_BASE_URL/,
    )
    const c = loadConfig({
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_MODEL: 'llama3.1',
      LLM_API_KEY: 'k',
      LLM_REWRITE_QUERY: 'true',
      DATA_DIR: tmp(),
    })
    expect(c.llm).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'k',
      model: 'llama3.1',
      timeoutMs: 60_000,
      rewriteQuery: true,
    })
  })

  describe('production refusals', () => {
    const production = (env: Record<string, string>) => ({
      NODE_ENV: 'production',
      AUTH_SECRET: STRONG_SECRET,
      BASE_URL: 'https://lexia.pe',
      ALLOW_EMBEDDED: 'true',
      DATA_DIR: tmp(),
      ...MP_KEYS,
      ...env,
    })

    it('accepts a strong configuration', () => {
      expect(problems(production({ SERVICE_SECRET: OTHER_STRONG_SECRET }))).toEqual([])
    })

    it('refuses an http:// BASE_URL unless ALLOW_INSECURE_BASE_URL says it is a private network', () => {
      const found = problems(production({ BASE_URL: 'http://lexia.interno:3000' }))
      expect(found).toHaveLength(1)
      expect(found[0]).toMatch(/^BASE_URL: debe empezar con https:\/\/.*ALLOW_INSECURE_BASE_URL=true/)
      expect(problems(production({ BASE_URL: 'HTTP://lexia.interno' }))[0]).toMatch(/^BASE_URL/)
      const allowed = loadConfig(
        production({ BASE_URL: 'http://lexia.interno:3000', ALLOW_INSECURE_BASE_URL: 'true' }),
      )
      expect(allowed.baseUrl).toBe('http://lexia.interno:3000')
      // Development keeps its http://localhost default.
      expect(problems({ BASE_URL: 'http://localhost:3000', DATA_DIR: tmp() })).toEqual([])
      expect(problems(production({ BASE_URL: 'ftp://lexia.pe' }))[0]).toMatch(/^BASE_URL: .*http\(s\)/)
    })

    it.each([
      ['32 equal characters', 'a'.repeat(32)],
      ['a repeated pattern', 'abcd'.repeat(10)],
      ['a repeated word', 'passwordpasswordpasswordpassword'],
      ['a test secret', 'test-secret-test-secret-test-secret-123'],
    ])('refuses a weak AUTH_SECRET (%s) and the same SERVICE_SECRET', (_name, weak) => {
      const found = problems(production({ AUTH_SECRET: weak, SERVICE_SECRET: weak }))
      expect(found).toEqual([
        expect.stringMatching(/^AUTH_SECRET: en producción es demasiado predecible/),
        expect.stringMatching(/^SERVICE_SECRET: en producción es demasiado predecible/),
      ])
      // Outside production the same values start.
      expect(problems({ AUTH_SECRET: weak, SERVICE_SECRET: weak, DATA_DIR: tmp() })).toEqual([])
    })

    it('wants 32 characters of SERVICE_SECRET in production (24 elsewhere)', () => {
      const short = OTHER_STRONG_SECRET.slice(0, 28)
      expect(problems(production({ SERVICE_SECRET: short }))).toEqual([
        'SERVICE_SECRET: en producción debe tener al menos 32 caracteres',
      ])
      expect(problems({ SERVICE_SECRET: short, DATA_DIR: tmp() })).toEqual([])
    })

    it('accepts random hex and base64 secrets', () => {
      for (let i = 0; i < 200; i++) {
        for (const secret of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64')])
          expect(problems(production({ AUTH_SECRET: secret, SERVICE_SECRET: secret }))).toEqual([])
      }
    })

    it('wants MP_WEBHOOK_SECRET of at least 16 characters', () => {
      expect(problems(production({ MP_WEBHOOK_SECRET: 'x' }))).toEqual([
        'MP_WEBHOOK_SECRET: MP_WEBHOOK_SECRET debe tener al menos 16 caracteres',
      ])
      expect(problems(production({ MP_WEBHOOK_SECRET: 'w'.repeat(15) }))[0]).toMatch(/^MP_WEBHOOK_SECRET/)
      expect(problems(production({ MP_WEBHOOK_SECRET: 'w'.repeat(16) }))).toEqual([])
    })
  })
})
