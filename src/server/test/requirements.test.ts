import { afterEach, describe, expect, it, vi } from 'vitest'
import { isCi, missing, postgres, type Requirement, sharedCorpus } from './requirements'

const absent: Requirement = { what: 'la cosa', met: false, how: 'tráela' }
const present: Requirement = { what: 'otra cosa', met: true, how: '' }

describe('suite requirements', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('skips quietly off CI when something is missing, and never when all is there', () => {
    vi.stubEnv('CI', '')
    expect(missing(present, absent)).toBe(true)
    expect(missing(present)).toBe(false)
  })

  it('fails under CI=true, naming what is missing and how to provide it', () => {
    vi.stubEnv('CI', 'true')
    expect(() => missing(present, absent)).toThrow(/CI=true: falta la cosa \(tráela\)/)
    expect(missing(present)).toBe(false)
  })

  it('reads CI=false and CI=0 as not CI', () => {
    for (const value of ['false', '0', 'FALSE', '']) {
      vi.stubEnv('CI', value)
      expect(isCi(), value).toBe(false)
    }
    vi.stubEnv('CI', '1')
    expect(isCi()).toBe(true)
  })

  it('knows a PostgreSQL server from TEST_DATABASE_URL and a corpus path from the disk', () => {
    vi.stubEnv('TEST_DATABASE_URL', '')
    expect(postgres().met).toBe(false)
    vi.stubEnv('TEST_DATABASE_URL', 'postgres://x@127.0.0.1/y')
    expect(postgres().met).toBe(true)
    expect(sharedCorpus('no-existe-este-archivo.md').met).toBe(false)
  })
})
