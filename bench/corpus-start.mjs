#!/usr/bin/env node
// Issue 15 figures: `npm start` on an empty data folder with the whole corpus folder (CORPUS_BACKGROUND=all):
// first 200 on /, the background pass to the whole folder (time, peak RSS, search latency meanwhile), idle RSS
// with the whole folder indexed, and restarts (to the first 200, and to the end of their pass).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isBuildFresh } from '../scripts/build-stamp.mjs'
import { freePort, line, root, rssMb, startAndTime, stop } from './lib.mjs'

const RESTARTS = Number(process.env.BENCH_RUNS ?? 3)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0
const ENV = { CORPUS_BACKGROUND: 'all', AUTH_RATE_LIMIT_FACTOR: '50' }

/** Peak resident set size of a process so far, from /proc (Linux). */
function peakMb(pid) {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return kb / 1024
}

/** CPU seconds a process has used (user + system), from /proc: on a shared machine, what wall time cannot say. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100
}

async function signedIn(base) {
  const email = `bench-${Date.now()}@ejemplo.pe`
  const password = 'clave-segura-1'
  const post = (p, body) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    })
  await post('/api/auth/sign-up/email', { email, password, name: 'bench' })
  let mail
  for (let i = 0; i < 100 && !mail; i++) {
    mail = (await (await fetch(`${base}/dev/correo/messages.json`)).json()).find((m) => m.to === email)
    if (!mail) await sleep(200)
  }
  await fetch(`${base}/api/auth/verify-email?token=${new URL(mail.links[0]).searchParams.get('token')}`)
  const res = await post('/api/auth/sign-in/email', { email, password })
  return { authorization: `Bearer ${res.headers.get('set-auth-token')}` }
}

/**
 * A request, tried again once when the connection was reset: a kept-alive socket the server closed while its event
 * loop was held (a refresh of the index on PGlite) fails the next request on it, and browsers retry such a request.
 */
async function get(url, init) {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

const status = async (base) => (await get(`${base}/api/corpus/status`)).json()

async function untilDone(base, onTick = async () => {}) {
  for (;;) {
    const s = await status(base)
    if (s.state === 'done') return s
    await onTick(s)
    await sleep(250)
  }
}

if (!isBuildFresh(root)) {
  console.log('Construyendo Lexia…')
  const { buildAll } = await import('../scripts/build.mjs')
  await buildAll()
}
console.log(`Lexia · corpus completo al arrancar (máquina: ${os.cpus().length} núcleos)`)
const questions = JSON.parse(readFileSync(path.join(root, 'bench/retrieval/questions.json'), 'utf8')).map(
  (q) => q.question,
)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-start-'))
const port = await freePort()
const base = `http://localhost:${port}`
/** Servers started, stopped in the end even when a step fails: a stray one would weigh on every later figure. */
const children = []
try {
  const spawned = performance.now()
  const first = await startAndTime({ dataDir, port, env: ENV })
  children.push(first.child)
  line('Primer arranque → 200 / (subconjunto demo)', `${(first.ms / 1000).toFixed(2)} s`, '≤ 30 s')
  const headers = await signedIn(base)
  // While the pass runs: one search a second, what a person would wait for.
  const latencies = []
  const refused = {}
  let asked = 0
  let lastSearch = 0
  const done = await untilDone(base, async () => {
    if (performance.now() - lastSearch < 1000) return
    lastSearch = performance.now()
    const q = encodeURIComponent(questions[asked++ % questions.length])
    const t0 = performance.now()
    const res = await get(`${base}/api/search?q=${q}&limit=10`, { headers })
    await res.arrayBuffer()
    if (res.status === 200) latencies.push(performance.now() - t0)
    else refused[res.status] = (refused[res.status] ?? 0) + 1
  })
  const passS = (performance.now() - spawned) / 1000
  line(
    `Todo el corpus (${done.documents} documentos, ${done.passages} pasajes, ${done.errors.length} errores)`,
    `${passS.toFixed(1)} s`,
    '≤ 120 s',
  )
  const passStarted = Date.parse(done.startedAt)
  const passFinished = Date.parse(done.finishedAt)
  line(
    '  CPU del servidor hasta aquí (usuario + sistema)',
    `${cpuSeconds(first.child.pid).toFixed(1)} s`,
    '—',
  )
  line('  de ello, el pase en segundo plano', `${((passFinished - passStarted) / 1000).toFixed(1)} s`, '—')
  line('  RSS máximo del servidor', `${peakMb(first.child.pid).toFixed(0)} MB`, '≤ 1 GB')
  line(
    `  búsqueda durante el pase (${latencies.length}) p50 / p95`,
    `${pct(latencies, 0.5).toFixed(0)} / ${pct(latencies, 0.95).toFixed(0)} ms`,
    '—',
  )
  if (Object.keys(refused).length) console.log(`  búsquedas no atendidas: ${JSON.stringify(refused)}`)
  line('  búsqueda durante el pase, máximo', `${Math.max(0, ...latencies).toFixed(0)} ms`, '—')
  for (const e of done.errors) console.log(`  omitido: ${e.path}: ${e.reason}`)
  await sleep(5000)
  line('  RSS en reposo tras el pase (mismo proceso)', `${rssMb(first.child.pid).toFixed(1)} MB`, '—')
  await stop(first.child)

  const restarts = []
  const passes = []
  const idle = []
  for (let i = 0; i < RESTARTS; i++) {
    const again = await startAndTime({ dataDir, port, env: ENV })
    children.push(again.child)
    restarts.push(again.ms)
    const s = await untilDone(base)
    passes.push(Date.parse(s.finishedAt) - Date.parse(s.startedAt))
    await sleep(5000)
    idle.push(rssMb(again.child.pid))
    await stop(again.child)
  }
  line('Carga media de la máquina (1 min) al terminar', os.loadavg()[0].toFixed(1), '—')
  line(`Reinicio → 200 / (mediana de ${RESTARTS})`, `${(median(restarts) / 1000).toFixed(2)} s`, '≤ 3 s')
  line('  su pase sin cambios (mediana)', `${(median(passes) / 1000).toFixed(2)} s`, '—')
  line('RSS en reposo con todo el corpus (tras reinicio)', `${median(idle).toFixed(1)} MB`, '≤ 200 MB')
} finally {
  for (const child of children) await stop(child)
  rmSync(dataDir, { recursive: true, force: true })
}
