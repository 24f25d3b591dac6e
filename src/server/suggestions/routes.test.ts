import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { SUGGESTIONS_PER_HOUR } from './routes'
import { suggestions } from './schema'

describe.each(BACKENDS)('POST /api/suggestions on %s', (backend) => {
  let t: TestApp
  let ana: TestPerson
  beforeAll(async () => {
    t = await createTestApp(backend)
    ana = await signedInPerson(t, 'ana')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const send = (body: unknown, who: TestPerson | null = ana) =>
    t.call('/api/suggestions', { body, headers: who ? { cookie: who.cookie } : {} })

  it('needs a signed-in user', async () => {
    expect((await send({ suggestion: 'Más normas' }, null)).status).toBe(401)
  })

  it.each([
    ['blank', { suggestion: '   ' }, 'Por favor ingresa tu sugerencia'],
    ['missing', {}, 'Por favor ingresa tu sugerencia'],
    ['too long', { suggestion: 'a'.repeat(251) }, 'La sugerencia no puede tener más de 250 caracteres'],
  ])('refuses a %s suggestion with a Spanish message in the body', async (_l, body, message) => {
    const res = await send(body)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message })
  })

  it('stores a trimmed suggestion of up to 250 characters, then rate-limits the sender', async () => {
    const res = await send({ suggestion: `  ${'b'.repeat(250)}  ` })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ message: 'Tu sugerencia ha sido enviada' })
    for (let i = 1; i < SUGGESTIONS_PER_HOUR; i++)
      expect((await send({ suggestion: `idea ${i}` })).status).toBe(201)
    const limited = await send({ suggestion: 'una más' })
    expect(limited.status).toBe(429)
    expect((await limited.json()).message).toMatch(/muchas sugerencias/)
  })

  it('holds the limit when 30 suggestions arrive at once: exactly the hourly allowance is stored', async () => {
    const beto = await signedInPerson(t, 'beto')
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send({ suggestion: `idea simultánea ${i}` }, beto)),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUGGESTIONS_PER_HOUR)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - SUGGESTIONS_PER_HOUR)
    const [stored] = await t.db
      .select({ n: count() })
      .from(suggestions)
      .where(eq(suggestions.userId, beto.id))
    expect(stored?.n).toBe(SUGGESTIONS_PER_HOUR)
    // Another user's allowance is their own.
    const carla = await signedInPerson(t, 'carla')
    expect((await send({ suggestion: 'otra persona' }, carla)).status).toBe(201)
  })
})
