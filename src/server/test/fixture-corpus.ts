import { cpSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectRoot } from '../lib/project-root'

/**
 * A small corpus committed with the tests (tests/fixtures/corpus/, made for them: excerpts of three real norms in the
 * legalize-pe format, two ruling records and one short ruling PDF). Suites that need *some* corpus use it and run
 * anywhere; suites that measure the real corpus still need ../shared/corpus (requirements.ts).
 */
export const FIXTURE_CORPUS = path.join(projectRoot(), 'tests', 'fixtures', 'corpus')

/** A copy of the fixture corpus the test may change, in a fresh temporary folder. */
export function fixtureCorpusCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-fixture-corpus-'))
  cpSync(FIXTURE_CORPUS, dir, { recursive: true, filter: (from) => !from.endsWith('.mjs') })
  return dir
}
