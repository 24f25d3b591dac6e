import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { newSession } from './session-rules'
import { localStorageStorage, openSessionStorage, type SessionStorage } from './session-store-db'
import { DB_NAME, indexedDbStorage, openChatDatabase } from './session-store-indexeddb'

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

  it('opens a database Dexie made with the spec schema, and Dexie opens ours', async () => {
    // Dexie's version 1 of the spec's stores is the layout we keep: browsers holding it must keep their chats.
    const dexie = new Dexie(DB_NAME)
    dexie.version(1).stores({ chat_sessions: 'session_id, user_id', last_session: 'user_id' })
    const old = newSession(`eva-${Math.random()}`, null, 4)
    await dexie.table('chat_sessions').put(old)
    dexie.close()
    const storage = indexedDbStorage(await openChatDatabase())
    expect(await storage.list(old.user_id)).toEqual([old])
    const ours = newSession(old.user_id, null, 5)
    await storage.put(ours)
    await dexie.open()
    expect(await dexie.table('chat_sessions').where('user_id').equals(old.user_id).count()).toBe(2)
    dexie.close()
  })
})
