// A small stand-in for the server under `npm start`'s launcher (scripts/server-process.test.ts), with the server's
// own launcher link and drain (src/server/http/): it "opens a data folder" that admits one process, as PGlite's does
// (an exclusive lock file: a second process at once fails to start), and logs each step with its pid.
import { appendFileSync, closeSync, existsSync, openSync, rmSync } from 'node:fs'
import http from 'node:http'
import { drainable } from '../src/server/http/drain'
import { launcherLink } from '../src/server/http/launcher-link'

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`falta ${name}`)
  return value
}
const lockFile = env('FAKE_LOCK')
const log = (step: string) => appendFileSync(env('FAKE_LOG'), `${process.pid} ${step}\n`)

const link = launcherLink()
if (!link) throw new Error('sin lanzador')
// A fresh process that cannot start (its successor's failure, in the tests).
if (existsSync(`${lockFile}.fail-next`)) {
  log('failed')
  process.exit(9)
}
// FAKE_SHARED: a database several processes share (PostgreSQL); otherwise one process at a time (PGlite).
const shared = process.env.FAKE_SHARED === '1'
if (!shared) await link.turn()
const lock = shared ? null : openSync(lockFile, 'wx')
log('open')

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname === '/fresh') link.askFresh()
  setTimeout(() => res.end(String(process.pid)), Number(url.searchParams.get('ms') ?? 0))
})
const drain = drainable(server)

let closing = false
const close = async (step: string) => {
  if (closing) return
  closing = true
  log(step)
  await drain.close(5000)
  if (lock !== null) {
    closeSync(lock)
    rmSync(lockFile)
  }
  log('closed')
  process.exit(0)
}
link.onStop(() => close('drain'))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => close(signal))

await link.listen(server, Number(env('PORT')), '127.0.0.1')
log('listening')
