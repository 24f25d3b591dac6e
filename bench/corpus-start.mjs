#!/usr/bin/env node
// Issue 15 figures: `npm start` on an empty data folder with the whole corpus folder (CORPUS_BACKGROUND=all):
// first 200 on /, the background pass to the whole folder (time, peak RSS, how long a search waits meanwhile), idle
// RSS with the whole folder indexed, and restarts (to the first 200, and to the end of their pass).
// BENCH_FIRST_RUNS first starts (default 1), each on its own empty data folder: median and range of each figure.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isBuildFresh } from '../scripts/build-stamp.mjs'
import {
  freePort,
  line,
  root,
  rssMb,
  serverPid,
  signUpAndSignIn,
  startAndTime,
  stop,
  treeMemoryMb,
} from './lib.mjs'

const RESTARTS = Number(process.env.BENCH_RUNS ?? 3)
const FIRST_RUNS = Math.max(1, Number(process.env.BENCH_FIRST_RUNS ?? 1))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0
const ENV = { CORPUS_BACKGROUND: 'all', AUTH_RATE_LIMIT_FACTOR: '50' }

/** Peak resident set size of a process so far, from /proc (Linux). */
function peakMb(pid) {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return kb / 1024
}

/**
 * CPU seconds a process and its ended children used (user + system), from /proc: on a shared machine, what wall time
 * cannot say. The children: the process that prepared the data folder on a first start.
 */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime, stime, cutime and cstime are fields 14 to 17 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100
}

async function signedIn(base) {
  const res = await signUpAndSignIn(base, 'bench')
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

async function status(base) {
  const res = await get(`${base}/api/corpus/status`)
  const text = await res.text()
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`/api/corpus/status respondió ${res.status}: ${text.slice(0, 200) || '(vacío)'}`)
  }
}

/** Polls the corpus status until the pass is done; `sample` runs at each poll (the server's peak and CPU so far). */
async function untilDone(base, sample = () => {}) {
  for (;;) {
    const s = await status(base)
    sample()
    if (s.state === 'done') return s
    await sleep(250)
  }
}

/** Resolves with how long `pattern` took to appear in the server's output (null if it did not within `ms`). */
async function seen(output, pattern, ms) {
  const t0 = performance.now()
  while (!pattern.test(output())) {
    if (performance.now() - t0 > ms) return null
    await sleep(50)
  }
  return performance.now() - t0
}

/**
 * Searches while the pass runs, one a second (or as soon as the last one answered, when it took longer), each timed
 * from its request to its last byte: the longest is the longest a person's search waited (behind a file's
 * transaction or a refresh of the index). Apart from the status polling, so a status request held by the same
 * wait does not hold the probe.
 */
function searchProbe(base, headers, questions) {
  const latencies = []
  const refused = {}
  let stopped = false
  const running = (async () => {
    for (let asked = 0; !stopped; asked++) {
      const q = encodeURIComponent(questions[asked % questions.length])
      const t0 = performance.now()
      try {
        const res = await get(`${base}/api/search?q=${q}&limit=10`, { headers })
        await res.arrayBuffer()
        if (res.status === 200) latencies.push(performance.now() - t0)
        else refused[res.status] = (refused[res.status] ?? 0) + 1
      } catch (error) {
        const code = error.cause?.code ?? error.message
        refused[code] = (refused[code] ?? 0) + 1
      }
      const ms = performance.now() - t0
      await sleep(Math.max(0, 1000 - ms))
    }
  })()
  return {
    async stop() {
      stopped = true
      await running
      return { latencies, refused }
    },
  }
}

/** A figure over the rounds: the median, and the range when there were several. */
function summary(xs, digits, unit) {
  const f = (x) => x.toFixed(digits)
  const range = xs.length > 1 ? ` (${f(Math.min(...xs))}–${f(Math.max(...xs))})` : ''
  return `${f(median(xs))}${range} ${unit}`
}

if (!isBuildFresh(root)) {
  console.log('Construyendo Lexia…')
  const { buildAll } = await import('../scripts/build.mjs')
  await buildAll()
}
console.log(
  `Lexia · corpus completo al arrancar (máquina: ${os.cpus().length} núcleos; ${FIRST_RUNS} primer${FIRST_RUNS > 1 ? 'os arranques' : ' arranque'})`,
)
const questions = JSON.parse(readFileSync(path.join(root, 'bench/retrieval/questions.json'), 'utf8')).map(
  (q) => q.question,
)
const port = await freePort()
const base = `http://localhost:${port}`
/** Servers started, stopped in the end even when a step fails: a stray one would weigh on every later figure. */
const children = []
/** Their output, shown when a step fails. */
const outputs = []
const dataDirs = []
/** One first start on an empty data folder, to the whole folder indexed and 5 s idle after it. */
async function firstStart(round) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-start-'))
  dataDirs.push(dataDir)
  const spawned = performance.now()
  const first = await startAndTime({ dataDir, port, env: ENV })
  children.push(first.child)
  outputs.push(first.output)
  const headers = await signedIn(base)
  const probe = searchProbe(base, headers, questions)
  // The server that ran the pass: its peak and CPU read while it lives (a fresh process may replace it after).
  const passServer = serverPid(first.child.pid)
  let passPeak = 0
  let passCpu = 0
  const done = await untilDone(base, () => {
    try {
      passPeak = peakMb(passServer)
      passCpu = cpuSeconds(passServer)
    } catch {}
  })
  const wholeS = (performance.now() - spawned) / 1000
  // A fresh process takes over when the pass left the server above its limit (0020): the searches go on through
  // the takeover (none may fail), and the idle figure is the new process's once its own pass is done.
  const asked = await seen(first.output, /lo reemplaza uno nuevo/, 15_000)
  let takeoverS = null
  if (asked !== null) {
    takeoverS = (await seen(first.output, /Lexia lista[\s\S]*Lexia lista/, 180_000)) / 1000
    await untilDone(base)
  }
  const { latencies, refused } = await probe.stop()
  const r = {
    firstS: first.ms / 1000,
    wholeS,
    takeoverS,
    passS: (Date.parse(done.finishedAt) - Date.parse(done.startedAt)) / 1000,
    cpuS: passCpu,
    peakMb: passPeak,
    searches: latencies.length,
    p50: pct(latencies, 0.5),
    p95: pct(latencies, 0.95),
    longest: Math.max(0, ...latencies),
    overOneS: latencies.filter((ms) => ms > 1000).length,
    refused,
    documents: done.documents,
    passages: done.passages,
    errors: done.errors,
  }
  await sleep(5000)
  r.idleMb = rssMb(serverPid(first.child.pid))
  const tree = treeMemoryMb(first.child.pid)
  r.treeRssMb = tree.rss
  r.treePssMb = tree.pss
  // The server's own lines: how long each refresh of the index took.
  r.refreshes = [...first.output().matchAll(/Índice actualizado: .*\(([\d.]+) s\)/g)].map((m) => Number(m[1]))
  // The server's own line when it opened the database again after the pass (0018): RSS before → after.
  r.reopened = /Base de datos reabierta[^\n]*/.exec(first.output())?.[0]
  await stop(first.child)
  if (r.reopened) console.log(`  ${r.reopened}`)
  if (r.takeoverS !== null)
    console.log(`  proceso nuevo tras el pase: listo ${r.takeoverS.toFixed(1)} s después de pedirlo`)
  console.log(
    `  ronda ${round + 1}: 200 / ${r.firstS.toFixed(1)} s · todo ${r.wholeS.toFixed(1)} s · reposo ${r.idleMb.toFixed(0)} MB ` +
      `(con el lanzador ${r.treeRssMb.toFixed(0)} MB RSS, ${r.treePssMb.toFixed(0)} MB PSS) · ` +
      `búsqueda más larga ${(r.longest / 1000).toFixed(2)} s (${r.searches} búsquedas, ${r.overOneS} > 1 s) · ` +
      `actualizaciones del índice ${r.refreshes.map((s) => `${s} s`).join(', ') || '—'} · carga ${os.loadavg()[0].toFixed(1)}`,
  )
  return { r, dataDir }
}

try {
  const rounds = []
  let dataDir
  for (let i = 0; i < FIRST_RUNS; i++) {
    const run = await firstStart(i)
    rounds.push(run.r)
    dataDir = run.dataDir
  }
  const of = (k) => rounds.map((r) => r[k])
  const last = rounds[rounds.length - 1]
  line('Primer arranque → 200 / (subconjunto demo)', summary(of('firstS'), 1, 's'), '≤ 30 s')
  line(
    `Todo el corpus (${last.documents} documentos, ${last.passages} pasajes, ${last.errors.length} errores)`,
    summary(of('wholeS'), 1, 's'),
    '≤ 120 s',
  )
  line('  CPU del servidor hasta aquí (usuario + sistema)', summary(of('cpuS'), 1, 's'), '—')
  line('  de ello, el pase en segundo plano', summary(of('passS'), 1, 's'), '—')
  line('  RSS máximo del servidor', summary(of('peakMb'), 0, 'MB'), '≤ 1 GB')
  line('  búsqueda durante el pase, p50', summary(of('p50'), 0, 'ms'), '—')
  line('  búsqueda durante el pase, p95', summary(of('p95'), 0, 'ms'), '—')
  line('  búsqueda durante el pase, la más larga', summary(of('longest'), 0, 'ms'), '—')
  for (const r of rounds)
    if (Object.keys(r.refused).length) console.log(`  búsquedas no atendidas: ${JSON.stringify(r.refused)}`)
  for (const e of last.errors) console.log(`  omitido: ${e.path}: ${e.reason}`)
  const takeovers = of('takeoverS').filter((x) => x !== null)
  if (takeovers.length)
    line('  proceso nuevo tras el pase: listo tras pedirlo', summary(takeovers, 1, 's'), '—')
  line('  RSS en reposo tras el pase (el servidor)', summary(of('idleMb'), 1, 'MB'), '≤ 200 MB')
  line('  con el lanzador de npm start: RSS sumado', summary(of('treeRssMb'), 1, 'MB'), '—')
  line('  con el lanzador de npm start: PSS sumado', summary(of('treePssMb'), 1, 'MB'), '—')

  const restarts = []
  const passes = []
  const idle = []
  const idleTree = []
  const searched = []
  const used = []
  for (let i = 0; i < RESTARTS; i++) {
    const again = await startAndTime({ dataDir, port, env: ENV })
    children.push(again.child)
    restarts.push(again.ms)
    const s = await untilDone(base)
    passes.push(Date.parse(s.finishedAt) - Date.parse(s.startedAt))
    await sleep(5000)
    idle.push(rssMb(serverPid(again.child.pid)))
    idleTree.push(treeMemoryMb(again.child.pid).pss)
    // The first start's figure comes after searches (the probe above): a restarted server's, after its first search,
    // when it has loaded what search keeps (the vocabulary, the norm-level index), is the one to compare it with.
    const headers = await signedIn(base)
    const search = async (q) =>
      (await get(`${base}/api/search?q=${encodeURIComponent(q)}&limit=10`, { headers })).arrayBuffer()
    for (const q of questions.slice(0, 5)) await search(q)
    await sleep(5000)
    searched.push(rssMb(serverPid(again.child.pid)))
    // A server in use answers many more: its idle figure after a hundred different searches (V8 grows its heap
    // between full collections; the server collects once it falls idle, decision 0037).
    for (const q of questions.slice(5, 105)) await search(q)
    await sleep(5000)
    used.push(rssMb(serverPid(again.child.pid)))
    await stop(again.child)
  }
  line('Carga media de la máquina (1 min) al terminar', os.loadavg()[0].toFixed(1), '—')
  line(`Reinicio → 200 / (mediana de ${RESTARTS})`, `${(median(restarts) / 1000).toFixed(2)} s`, '≤ 3 s')
  line('  su pase sin cambios (mediana)', `${(median(passes) / 1000).toFixed(2)} s`, '—')
  line('RSS en reposo con todo el corpus (tras reinicio)', `${median(idle).toFixed(1)} MB`, '≤ 200 MB')
  line('  con el lanzador de npm start: PSS sumado', `${median(idleTree).toFixed(1)} MB`, '—')
  line('  tras 5 búsquedas', `${median(searched).toFixed(1)} MB`, '≤ 200 MB')
  line('  tras 100 búsquedas más', `${median(used).toFixed(1)} MB`, '≤ 200 MB')
} catch (error) {
  for (const output of outputs) console.error(`--- salida del servidor (final) ---\n${output().slice(-4000)}`)
  throw error
} finally {
  for (const child of children) await stop(child)
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
}
