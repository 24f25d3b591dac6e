import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabase } from '../test/harness'
import { forEachBatchById } from './batches'
import type { Database } from './client'
import { queryRows } from './query'

describe('reading a table in batches by id', () => {
  let database: Database
  beforeAll(async () => {
    database = await testDatabase('blank')
    await database.db.execute(sql`create table probe (id serial primary key, n int not null)`)
    await database.db.execute(sql`insert into probe (n) select g from generate_series(1, 25) g`)
  }, 120_000)
  afterAll(() => database?.close())

  it('hands every row over once, in order, a batch at a time', async () => {
    const batches: number[][] = []
    await forEachBatchById<{ id: number; n: number }>(
      database.db,
      (after) => sql`select id, n from probe where id > ${after} order by id limit 10`,
      (rows) => batches.push(rows.map((r) => r.n)),
    )
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5])
    expect(batches.flat()).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  })

  it('gives a request that arrives meanwhile (a macrotask, as an HTTP request) its turn before the last batch', async () => {
    const seen: number[] = []
    let answered: Promise<number> | undefined
    await forEachBatchById<{ id: number }>(
      database.db,
      (after) => sql`select id from probe where id > ${after} order by id limit 10`,
      (rows) => {
        seen.push(...rows.map((r) => r.id))
        answered ??= new Promise((resolve) =>
          setImmediate(() => void queryRows(database.db, sql`select 1`).then(() => resolve(seen.length))),
        )
      },
    )
    expect(await answered).toBeLessThan(25)
  })
})
