import { existsSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../lib/project-root'

/** The real corpus beside the checkout (README, /work/shared/corpus/README.md): CI has it, a laptop may not. */
export const SHARED_CORPUS = path.resolve(projectRoot(), '..', 'shared', 'corpus')

export type Requirement = { what: string; met: boolean; how: string }

/** A file or folder of the real corpus, by its path under it. */
export function sharedCorpus(...parts: string[]): Requirement {
  const at = path.join(SHARED_CORPUS, ...parts)
  return { what: `el corpus real (${at})`, met: existsSync(at), how: 'pon el corpus en ../shared/corpus' }
}

/** A PostgreSQL server to test against, besides PGlite. */
export function postgres(): Requirement {
  return {
    what: 'TEST_DATABASE_URL',
    met: Boolean(process.env.TEST_DATABASE_URL),
    how: 'define TEST_DATABASE_URL=postgres://usuario@host:5432/base',
  }
}

/** CI=true, as CI services set it (and .ci/run does); CI=false or 0 mean no. */
export function isCi(): boolean {
  const ci = process.env.CI?.trim().toLowerCase()
  return Boolean(ci) && ci !== 'false' && ci !== '0'
}

/**
 * For `describe.skipIf(...)`: true when a requirement is missing here, so the suite skips. Under CI=true a missing
 * requirement throws instead, failing the file with what is missing and how to provide it: a green CI run has run
 * every suite, never fewer than a laptop's (docs/decisions/0023).
 */
export function missing(...requirements: Requirement[]): boolean {
  const absent = requirements.filter((r) => !r.met)
  if (absent.length === 0) return false
  if (isCi()) {
    const list = absent.map((r) => `${r.what} (${r.how})`).join('; ')
    throw new Error(`CI=true: falta ${list}. Con CI=true ninguna suite se salta; esta falla.`)
  }
  return true
}
