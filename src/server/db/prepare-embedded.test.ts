import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import {
  isEmbeddedDataDirNew,
  PREPARE_ENV,
  PREPARE_TASK,
  prepareEmbeddedDatabase,
  prepareEmbeddedDatabaseInChild,
  prepareTaskFromEnv,
} from './prepare-embedded'
import { countries } from './schema'
import { seed } from './seed'

describe('embedded data folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-prepare-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('is prepared once: migrated and seeded, then reopened as it was; seeding again changes nothing', async () => {
    expect(isEmbeddedDataDirNew(dataDir)).toBe(true)
    await prepareEmbeddedDatabase({ dataDir, corpusDir: path.join(dataDir, 'sin-corpus') })
    expect(isEmbeddedDataDirNew(dataDir)).toBe(false)

    const database = await openDatabase({ dataDir })
    const before = await database.db.select().from(countries)
    expect(before.find((c) => c.iso2 === 'PE')).toMatchObject({ active: true, flag: '🇵🇪' })
    await seed(database.db)
    expect(await database.db.select().from(countries)).toEqual(before)
    await database.close()
  })
})

describe('the process that prepares a first start', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-prepare-child-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  /** Stands for main.ts: reads its task as main.ts does, writes it down, and exits as told. */
  const entry = path.join(dir, 'entry.mjs')
  writeFileSync(
    entry,
    `import { writeFileSync } from 'node:fs'
const task = JSON.parse(process.env.${PREPARE_ENV})
writeFileSync(task.dataDir + '/task.json', JSON.stringify(task))
process.exit(task.corpusDir === 'falla' ? 3 : 0)
`,
  )

  it('is a child process given its task, and the start goes on when it ends', async () => {
    await prepareEmbeddedDatabaseInChild(dir, null, pathToFileURL(entry))
    const task = JSON.parse(readFileSync(path.join(dir, 'task.json'), 'utf8'))
    expect(task).toEqual({ task: PREPARE_TASK, dataDir: dir, corpusDir: null })
    expect(prepareTaskFromEnv({ [PREPARE_ENV]: JSON.stringify(task) })).toEqual(task)
    // The server itself has no task.
    expect(prepareTaskFromEnv({})).toBeNull()
  })

  it('fails the start, in Spanish, when the child fails', async () => {
    await expect(prepareEmbeddedDatabaseInChild(dir, 'falla', pathToFileURL(entry))).rejects.toThrow(
      'La preparación de la base de datos terminó con código 3',
    )
  })
})
