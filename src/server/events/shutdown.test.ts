import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { startServer } from '../server'
import { testDataDir } from '../test/database-templates'
import { lastMailTo, tokenFromLink } from '../test/mailbox'
import { readSse } from '../test/sse'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-events-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

it('a running server closes while a tab holds its event stream open, and the stream ends', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'ERROR',
  })
  // The folder already holds a migrated database, as a server's has after its first start: this is about closing.
  await (await testDataDir(dataDir)).close()
  const running = await startServer(config, { clientDir: null, ensureCorpus: false })
  const base = `http://127.0.0.1:${running.port}`
  const post = (p: string, body: unknown) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.baseUrl },
      body: JSON.stringify(body),
    })
  const email = 'cierre@ejemplo.pe'
  await post('/api/auth/sign-up/email', { email, password: 'secreto-123', name: 'cierre' })
  const link = (await lastMailTo(running.database.db, email))!.links[0]!
  await fetch(`${base}/api/auth/verify-email?token=${tokenFromLink(link)}`)
  const signIn = await post('/api/auth/sign-in/email', { email, password: 'secreto-123' })
  const bearer = signIn.headers.get('set-auth-token')!

  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${bearer}` } })
  expect(res.status).toBe(200)
  const sse = readSse(res)
  await sse.until((m) => m.retry !== undefined)
  // Without ending the streams first, server.close() would wait for this response forever.
  await running.close()
  await sse.end()
}, 60_000)
