import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { newSession } from './session-rules'
import { localStorageStorage, openSessionStorage, type SessionStorage } from './session-store-db'
import { indexedDbStorage } from './session-store-indexeddb'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  }
}

async function behavesPerUser(storage: SessionStorage) {
  // Fresh people each run: the browser database outlives a test.
  const tag = Math.random().toString(36).slice(2, 8)
  const [a, b] = [`ana-${tag}`, `beto-${tag}`]
  const ana = newSession(a, null, 1)
  const beto = newSession(b, null, 2)
  await storage.put(ana)
  await storage.put(beto)
  await storage.put({ ...ana, title: 'Renombrada' })
  expect((await storage.list(a)).map((s) => s.title)).toEqual(['Renombrada'])
  expect((await storage.list(b)).map((s) => s.session_id)).toEqual([beto.session_id])
  // Beto cannot delete Ana's chat by knowing its id.
  await storage.remove(b, ana.session_id)
  expect(await storage.list(a)).toHaveLength(1)
  await storage.setLast(a, ana.session_id)
  expect(await storage.getLast(a)).toBe(ana.session_id)
  expect(await storage.getLast(b)).toBeNull()
  await storage.remove(a, ana.session_id)
  expect(await storage.list(a)).toEqual([])
}

describe('session storage', () => {
  it('keeps sessions per user in asistente_chat_db', async () => {
    const storage = await openSessionStorage()
    expect(storage.kind).toBe('indexeddb')
    await behavesPerUser(storage)
    const names = (await indexedDB.databases()).map((d) => d.name)
    expect(names).toContain('asistente_chat_db')
  })

  it('falls back to local storage with the spec keys', async () => {
    const ls = memoryStorage()
    const storage = localStorageStorage(ls)
    await behavesPerUser(storage)
    const s = newSession('carla', null, 3)
    await storage.put(s)
    await storage.setLast('carla', s.session_id)
    expect(JSON.parse(ls.getItem('chat_sessions_carla')!)).toHaveLength(1)
    expect(ls.getItem('carla_lastSessionId')).toBe(s.session_id)
    ls.setItem('chat_sessions_dani', '{roto')
    const quiet = console.error
    console.error = () => {}
    expect(await storage.list('dani')).toEqual([])
    console.error = quiet
  })

  it('indexedDbStorage works on a fresh database too', async () => {
    await behavesPerUser(indexedDbStorage())
  })
})
