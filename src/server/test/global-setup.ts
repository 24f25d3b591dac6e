import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LEGAL_INTENT_MODEL_ENV } from '../research/legal-intent'
import { createPostgresTemplate, writePgliteTemplates } from './database-templates'

/**
 * Vitest's global setup (vitest.config.ts): the databases every file starts from, made once per run before the
 * workers start (database-templates.ts), and a place for the legal-intent classifier; removed when the run ends.
 */
export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-test-templates-'))
  // The legal-intent classifier, taught by the first process that needs it and read by the others (legal-intent.ts).
  // `npm test` names the file itself, to share it with the browser flows' server (scripts/test.mjs).
  process.env[LEGAL_INTENT_MODEL_ENV] ??= path.join(dir, 'legal-intent.json')
  const url = process.env.TEST_DATABASE_URL
  // Both at once: PostgreSQL's template is the server's work, PGlite's this process's, and every worker waits for
  // the two (the client's files too: Vitest runs the global setups before any file).
  const [pglite, postgres] = await Promise.allSettled([
    writePgliteTemplates(dir),
    url ? createPostgresTemplate(url) : undefined,
  ])
  const dropPostgres = postgres.status === 'fulfilled' ? postgres.value : undefined
  if (pglite.status === 'rejected' || postgres.status === 'rejected') {
    await dropPostgres?.()
    rmSync(dir, { recursive: true, force: true })
    throw pglite.status === 'rejected' ? pglite.reason : (postgres as PromiseRejectedResult).reason
  }
  return async () => {
    await dropPostgres?.()
    rmSync(dir, { recursive: true, force: true })
  }
}
