import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { corpusFolders } from '../corpus/ingest/corpus-dir'
import { ingestCorpus } from '../corpus/ingest/ingest'
import type { Database } from '../db/client'
import { testDataDir } from './database-templates'

export type MadeUpIndex = { database: Database; corpusDir: string; close: () => Promise<void> }

/**
 * A made-up law as the corpus writes one: front matter (a law, in force) and its text in Markdown. Tests give it
 * an identifier of their own (LEY-9XXXX-2030) that no real norm has.
 */
export function madeUpLaw(law: {
  identifier: string
  title: string
  text: string
  published?: string
}): string {
  return `---
title: ${law.title}
identifier: ${law.identifier}
rank: ley
publication_date: '${law.published ?? '2030-01-02'}'
status: in_force
---

${law.text}
`
}

/**
 * A corpus of the norms a test writes (file name → Markdown: made up, or real ones it read), written where the country
 * pack keeps its norms and ingested into a migrated database of its own: for a search rule shown on a few laws.
 * `close` drops the database and the folder.
 */
export async function indexMadeUpNorms(files: Record<string, string>): Promise<MadeUpIndex> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-made-up-'))
  const norms = corpusFolders(dir).norms
  mkdirSync(norms, { recursive: true })
  for (const [name, markdown] of Object.entries(files)) writeFileSync(path.join(norms, name), markdown)
  const database = await testDataDir(path.join(dir, 'db'), 'migrated')
  await ingestCorpus(database.db, { corpusDir: dir, selection: { kind: 'all' } })
  return {
    database,
    corpusDir: dir,
    close: async () => {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
