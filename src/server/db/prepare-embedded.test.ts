import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { isEmbeddedDataDirNew, prepareEmbeddedDatabase } from './prepare-embedded'
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
