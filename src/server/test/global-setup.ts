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
  await writePgliteTemplates(dir)
  // The legal-intent classifier, taught by the first process that needs it and read by the others (legal-intent.ts).
  // `npm test` names the file itself, to share it with the browser flows' server (scripts/test.mjs).
  process.env[LEGAL_INTENT_MODEL_ENV] ??= path.join(dir, 'legal-intent.json')
  const url = process.env.TEST_DATABASE_URL
  const dropPostgres = url ? await createPostgresTemplate(url) : undefined
  return async () => {
    await dropPostgres?.()
    rmSync(dir, { recursive: true, force: true })
  }
}
