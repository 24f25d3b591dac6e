import { cpSync, mkdirSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { corpusFolders } from '../corpus/ingest/corpus-dir'
import { loadPackManifest } from '../corpus/pack/manifest'
import { projectRoot } from '../lib/project-root'
import { SHARED_CORPUS, sharedCorpus } from './requirements'
import { writeFixtureRulingPdf } from './ruling-pdf-fixture'

/**
 * The ruling fixtures committed with the tests (tests/fixtures/corpus/: two made-up ruling records; their one PDF is
 * written when the corpus is copied, ruling-pdf-fixture.ts). The norms are never committed: they are read from the
 * real corpus (../shared/corpus), so the suites that use them name it as a requirement (requirements.ts).
 */
export const FIXTURE_CORPUS = path.join(projectRoot(), 'tests', 'fixtures', 'corpus')

/** The real norms these suites ingest beside the fixture's rulings. */
export const FIXTURE_NORMS = ['CON-1993.md', 'DLEG-PENAL-1991.md', 'LEY-29733-2011.md']

/** Where the real corpus keeps its norms (the country pack says: legalize-pe/pe/). */
export const SHARED_NORMS = corpusFolders(SHARED_CORPUS).norms

/** The requirement of the suites that ingest the fixture corpus. */
export const fixtureNorms = () =>
  sharedCorpus(...loadPackManifest().corpus.norms.split('/'), FIXTURE_NORMS[0]!)

/** A copy of the fixture corpus the test may change, in a fresh temporary folder: its rulings and the norms. */
export async function fixtureCorpusCopy(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-fixture-corpus-'))
  cpSync(FIXTURE_CORPUS, dir, { recursive: true })
  await writeFixtureRulingPdf(path.join(corpusFolders(dir).rulings, 'pdf'))
  const norms = corpusFolders(dir).norms
  mkdirSync(norms, { recursive: true })
  for (const file of FIXTURE_NORMS) cpSync(path.join(SHARED_NORMS, file), path.join(norms, file))
  return dir
}
