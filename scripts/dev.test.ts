import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { testDataDir } from '../src/server/test/database-templates'
import { freePort } from '../src/server/test/free-port'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-dev-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function poll<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${what}: no llegó en ${ms} ms`)
}

describe('npm run dev', () => {
  it('serves the client through Vite, forwards the API to the server, and Ctrl-C closes both cleanly', async () => {
    // The folder already holds a migrated database, as after a first start: this is about the proxy and Ctrl-C, and
    // a new folder's initdb in the server's child costs seconds of CPU (docs/decisions/0034).
    await (await testDataDir(dataDir)).close()
    const [apiPort, vitePort] = [await freePort(), await freePort()]
    // Vitest sets BASE_URL ('/', Vite's) and NODE_ENV=test in its own environment; a developer's shell has neither.
    const { BASE_URL: _base, NODE_ENV: _mode, ...env } = process.env
    const dev = spawn(process.execPath, ['scripts/dev.mjs'], {
      env: {
        ...env,
        PORT: String(apiPort),
        VITE_PORT: String(vitePort),
        DATA_DIR: dataDir,
        CORPUS_BACKGROUND: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    dev.stdout.on('data', (d) => (output += d))
    dev.stderr.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)))
    try {
      const vite = `http://localhost:${vitePort}`
      const health = await poll(
        'la API a través de Vite',
        async () => {
          const res = await fetch(`${vite}/api/health`)
          return res.ok ? ((await res.json()) as { ok: boolean }) : undefined
        },
        150_000,
      )
      expect(health).toEqual({ ok: true })
      // A POST through the proxy passes the server's origin check (the proxy speaks as the server's own origin).
      const signIn = await fetch(`${vite}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: vite },
        body: JSON.stringify({ email: 'nadie@ejemplo.pe', password: 'no-es-la-clave' }),
      })
      expect(signIn.status).toBe(401)
      const page = await (await fetch(`${vite}/`)).text()
      expect(page).toContain('/@vite/client')
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${output}`)
    } finally {
      dev.kill('SIGINT')
    }
    expect(await exited).toBe(0)
    expect(output).toContain('SIGINT: cerrando')
    // tsx kills the server without letting PGlite close when it gets a second signal.
    expect(output).not.toMatch(/Force killing|Killing process/)
  }, 200_000)
})
