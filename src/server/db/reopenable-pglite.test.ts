import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDataDir } from '../test/database-templates'
import type { Database } from './client'
import { queryRows } from './query'
import { ReopenablePglite } from './reopenable-pglite'

const count = async (database: Database) =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from probe`))[0]!.n

describe('an embedded database opened again behind the same handle', () => {
  let dataDir: string
  let database: Database
  let handle: ReopenablePglite
  let reopen: () => Promise<void>

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-reopen-'))
    // Blank from the run's dump, not initdb: this is about opening again, not about a new folder.
    database = await testDataDir(dataDir, 'blank')
    if (database.kind !== 'pglite' || !database.reopen || !(database.client instanceof ReopenablePglite))
      throw new Error('expected a reopenable handle')
    handle = database.client
    reopen = database.reopen
    await database.db.execute(sql`create table probe (id serial primary key, n int not null)`)
  }, 300_000)
  afterAll(async () => {
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('opens a new instance: requests made during the swap wait for it and none fails', async () => {
    const writes = Array.from({ length: 40 }, (_, n) =>
      database.db.execute(sql`insert into probe (n) values (${n})`),
    )
    const swap = reopen()
    // Made after the swap began: they wait for the new instance.
    const late = Array.from({ length: 40 }, (_, n) =>
      database.db.execute(sql`insert into probe (n) values (${100 + n})`),
    )
    await Promise.all([...writes, swap, ...late])
    expect(await count(database)).toBe(80)
  }, 300_000)

  it('lets a transaction in flight commit before closing the instance it runs on', async () => {
    let swapped = false
    let swap: Promise<void> | undefined
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe (n) values (-1)`)
      // The swap is asked for while this transaction is open; it must wait for the commit.
      swap = reopen().then(() => {
        swapped = true
      })
      await new Promise((r) => setTimeout(r, 200))
      await tx.execute(sql`insert into probe (n) values (-2)`)
    })
    expect(swapped).toBe(false)
    await swap
    expect(swapped).toBe(true)
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from probe where n < 0`,
    )
    expect(row!.n).toBe(2)
  }, 300_000)

  it('keeps a LISTEN across the swap, and its unlisten still works after it', async () => {
    const heard: string[] = []
    const unlisten = await handle.listen('probe_channel', (payload) => void heard.push(payload))
    await reopen()
    await database.db.execute(sql`select pg_notify('probe_channel', 'after')`)
    await expect.poll(() => heard).toEqual(['after'])
    await unlisten()
    // Notifications arrive in order: once a later one on a channel still listened to is heard, 'gone' would have
    // been heard before it.
    const sentinel: string[] = []
    const unlistenSentinel = await handle.listen('probe_sentinel', (payload) => void sentinel.push(payload))
    await database.db.execute(sql`select pg_notify('probe_channel', 'gone')`)
    await database.db.execute(sql`select pg_notify('probe_sentinel', 'later')`)
    await expect.poll(() => sentinel).toEqual(['later'])
    expect(heard).toEqual(['after'])
    await unlistenSentinel()
  }, 300_000)

  it('keeps what was written on the data folder', async () => {
    expect(await count(database)).toBe(82)
  })
})
