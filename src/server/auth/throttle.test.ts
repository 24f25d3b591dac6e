import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { authThrottle } from './schema'
import { claimHit, clearHits } from './throttle'

let seq = 0
const subject = () => `s${++seq}-${Date.now()}`

describe.each(BACKENDS)('per-subject counters on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend)
  })
  afterAll(async () => {
    await t?.close()
  })

  /** Moves the subject's window into the past, as if `seconds` had gone by. */
  const age = (scope: string, key: string, seconds: number) =>
    t.db
      .update(authThrottle)
      .set({ windowStartedAt: sql`${authThrottle.windowStartedAt} - make_interval(secs => ${seconds})` })
      .where(and(eq(authThrottle.scope, scope), eq(authThrottle.subject, key)))

  it('allows max hits a window, then refuses until the window ends', async () => {
    const key = subject()
    const rule = { window: 3600, max: 3 }
    const claims = []
    for (let i = 0; i < 5; i++) claims.push(await claimHit(t.db, 'mail', key, rule))
    expect(claims.map((c) => c.allowed)).toEqual([true, true, true, false, false])
    expect(claims.map((c) => c.hits)).toEqual([1, 2, 3, 4, 4])
    expect(claims[4]!.retryAfterSeconds).toBeGreaterThan(3590)
    expect(claims[4]!.retryAfterSeconds).toBeLessThanOrEqual(3600)
    // Another scope or subject has its own count.
    expect((await claimHit(t.db, 'other', key, rule)).hits).toBe(1)
    expect((await claimHit(t.db, 'mail', subject(), rule)).hits).toBe(1)

    await age('mail', key, 3601)
    expect(await claimHit(t.db, 'mail', key, rule)).toMatchObject({ allowed: true, hits: 1 })
  })

  it('with lockOnMax, locks a full window from the max-th hit however old the first was', async () => {
    const key = subject()
    const rule = { window: 900, max: 3, lockOnMax: true }
    await claimHit(t.db, 'sign-in', key, rule)
    await claimHit(t.db, 'sign-in', key, rule)
    // Ten minutes pass: without the lock the window would end five minutes after the third hit.
    await age('sign-in', key, 600)
    expect((await claimHit(t.db, 'sign-in', key, rule)).allowed).toBe(true)
    const refused = await claimHit(t.db, 'sign-in', key, rule)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThan(890)
    await age('sign-in', key, 400)
    expect((await claimHit(t.db, 'sign-in', key, rule)).allowed).toBe(false)
    await age('sign-in', key, 500)
    expect(await claimHit(t.db, 'sign-in', key, rule)).toMatchObject({ allowed: true, hits: 1 })
  })

  it('starts over once cleared', async () => {
    const key = subject()
    const rule = { window: 900, max: 2, lockOnMax: true }
    await claimHit(t.db, 'sign-in', key, rule)
    await claimHit(t.db, 'sign-in', key, rule)
    expect((await claimHit(t.db, 'sign-in', key, rule)).allowed).toBe(false)
    await clearHits(t.db, 'sign-in', key)
    expect(await claimHit(t.db, 'sign-in', key, rule)).toMatchObject({ allowed: true, hits: 1 })
  })

  it('counts every one of 60 concurrent hits exactly once, allowing exactly max', async () => {
    const key = subject()
    const rule = { window: 900, max: 5, lockOnMax: true }
    const claims = await Promise.all(Array.from({ length: 60 }, () => claimHit(t.db, 'sign-in', key, rule)))
    expect(claims.filter((c) => c.allowed)).toHaveLength(5)
    // The allowed ones saw 1..5, each once: no two requests read the same count.
    expect(
      claims
        .filter((c) => c.allowed)
        .map((c) => c.hits)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5])
    const [row] = await t.db
      .select({ hits: authThrottle.hits })
      .from(authThrottle)
      .where(and(eq(authThrottle.scope, 'sign-in'), eq(authThrottle.subject, key)))
    expect(row?.hits).toBe(6)
  })
})
