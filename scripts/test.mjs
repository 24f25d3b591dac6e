#!/usr/bin/env node
// `npm test`: the whole suite. Prints one closing line 'tests: N passed, N failed' summed over the unit/integration
// and browser runs.
//
// Where the time goes (bench/test-suite.mjs measures it): Vitest is most of it, and it waits on databases and child
// processes as much as it computes. So the checks that need no server — types, lint, then the build when dist/ is
// stale — run beside it, their output held back and printed whole when they end; a failure there stops Vitest at
// once (still failing fast). The browser flows need both, so they come last; but their server starts as soon as the
// build is there, beside Vitest's tail, so its first start (the demo subset indexed) is not waited for after Vitest
// (docs/decisions/0034).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { E2E_SERVER_ENV, startE2eServer } from '../tests/e2e/e2e-server.mjs'
import { isBuildFresh } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const TSC_CACHE = path.join(root, 'node_modules', '.cache', 'lexia', 'tsconfig.tsbuildinfo')
const reports = mkdtempSync(path.join(os.tmpdir(), 'lexia-test-'))
// The legal-intent classifier, taught by the first process of the run that needs it and read back by the others
// (research/legal-intent.ts): Vitest's workers and servers and the flows' server alike. Vitest's global setup keeps a
// file named here; run without this script, it names its own (docs/decisions/0035).
process.env.LEXIA_LEGAL_INTENT_MODEL ??= path.join(reports, 'legal-intent.json')
const totals = { passed: 0, failed: 0, skipped: 0 }
const started = performance.now()
/** Seconds per step, written to LEXIA_TEST_TIMINGS when set (bench/test-suite.mjs reads them). */
const timings = {}
/**
 * CPU seconds (user + system, the step's process and what it waited for) per step, measured only for the bench and
 * where GNU time is installed: on a shared machine CPU is the steadier figure, wall time depends on the others.
 */
const cpu = {}
const TIME = '/usr/bin/time'
const measureCpu = Boolean(process.env.LEXIA_TEST_TIMINGS) && existsSync(TIME)
/** Steps still running, stopped if another fails. */
const running = new Set()

/**
 * Runs one step. `quiet`: its output is collected and printed in one block when it ends, so a step that runs
 * beside Vitest does not cut through Vitest's report.
 */
function step(title, command, args, { env = {}, quiet = false } = {}) {
  if (!quiet) console.log(`\n▶ ${title}`)
  const t0 = performance.now()
  const cpuFile = measureCpu ? path.join(reports, `${title.replace(/\W+/g, '-')}.cpu`) : null
  if (cpuFile) [command, args] = [TIME, ['-q', '-f', '%U %S', '-o', cpuFile, command, ...args]]
  const child = spawn(command, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  })
  running.add(child)
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output += `${error.message}\n`
    })
    child.on('close', (code) => {
      running.delete(child)
      timings[title] = (performance.now() - t0) / 1000
      if (cpuFile && existsSync(cpuFile)) {
        const [user, system] = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
        if (Number.isFinite(user + system)) cpu[title] = user + system
      }
      if (quiet) console.log(`\n▶ ${title} (${timings[title].toFixed(1)} s)\n${output.trimEnd()}`)
      resolve(code === 0)
    })
  })
}

async function vitest(title, args, env = {}) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`)
  const ok = await step(
    title,
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env },
  )
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'))
    totals.passed += r.numPassedTests
    totals.failed += r.numFailedTests
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0)
  } else if (!ok) totals.failed += 1
  return ok
}

/** The browser flows' server, started once the build is there (e2e-server.mjs). */
let flowsServer

/**
 * A running process's CPU seconds so far, its own and its finished children's (the server prepares a new data folder
 * in a child), from /proc (Linux; its clock ticks are 1/100 s).
 */
function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100
  } catch {
    return undefined
  }
}

/** Ends a step. Under GNU time, its command first: time does not pass SIGTERM on, it would leave it running. */
function stop(child) {
  if (measureCpu) {
    try {
      const ids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)
      for (const id of ids.filter(Boolean)) process.kill(Number(id), 'SIGTERM')
    } catch {}
  }
  child.kill('SIGTERM')
}

async function finish(ok) {
  for (const child of running) stop(child)
  if (flowsServer) {
    const server = flowsServer
    flowsServer = undefined
    if (measureCpu) cpu['Servidor de los flujos'] = processCpu(server.pid)
    await server.stop()
    const errors = server.output().trimEnd()
    if (errors) console.log(`\n▶ Servidor de los flujos: su salida de errores\n${errors}`)
  }
  timings.total = (performance.now() - started) / 1000
  if (process.env.LEXIA_TEST_TIMINGS)
    writeFileSync(process.env.LEXIA_TEST_TIMINGS, JSON.stringify({ ok, timings, cpu }))
  rmSync(reports, { recursive: true, force: true })
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  process.exit(ok && totals.failed === 0 ? 0 : 1)
}

/** Debian's chromium drives the browser tests; Playwright's own download cannot work here. */
async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true
  if (process.getuid?.() === 0) {
    return (
      (await step('Instalando chromium (apt)', 'apt-get', ['update', '-qq'])) &&
      (await step('Instalando chromium (apt)', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
        env: { DEBIAN_FRONTEND: 'noninteractive' },
      }))
    )
  }
  console.error(
    'Falta /usr/bin/chromium. Instálalo con: sudo apt-get install chromium  (y vuelve a ejecutar npm test)',
  )
  return false
}

/** Types, lint, then the build unless dist/ already holds these sources (the stamp scripts/build.mjs writes). */
async function checksAndBuild() {
  const checks = await Promise.all([
    // TypeScript 7's native tsc (docs/decisions/0042): about 13 s of CPU cold instead of 26. Incremental: the file
    // hashes and results of the last check are kept in node_modules/.cache, so a second run re-checks only what
    // changed (about 2 s). A clean checkout has none.
    step(
      'Tipos (tsc)',
      bin('tsc'),
      ['-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', TSC_CACHE],
      { quiet: true },
    ),
    step('Lint (biome)', bin('biome'), ['check', '.'], { quiet: true }),
  ])
  if (!checks.every(Boolean)) return false
  if (isBuildFresh(root)) {
    console.log('\n▶ Build: dist/ ya corresponde a estas fuentes, no se reconstruye')
    return true
  }
  return step('Build', process.execPath, [path.join(root, 'scripts/build.mjs')], { quiet: true })
}

/**
 * Starts the flows' server as soon as dist/ is built, while Vitest still runs: its first start indexes the demo
 * subset (about 13 s of CPU) before it serves, time the flows used to wait for after Vitest. One server process
 * beside Vitest's workers; it is idle once it serves.
 */
async function startFlowsServer() {
  const t0 = performance.now()
  flowsServer = await startE2eServer(root, { echo: false })
  flowsServer.ready.then(
    () => {
      timings['Servidor de los flujos (listo)'] = (performance.now() - t0) / 1000
    },
    () => {},
  )
}

const unit = vitest('Unit and integration (vitest)', [])
// A failed check ends the run at once, Vitest included.
const checked = checksAndBuild().then(async (ok) => {
  if (!ok) await finish(false)
  else await startFlowsServer()
})
if (!(await unit)) await finish(false)
await checked
if (!(await ensureChromium())) await finish(false)
try {
  await flowsServer.ready
} catch (error) {
  console.error(`\n▶ Browser flows (playwright)\n${error.message}`)
  await finish(false)
}
const { baseUrl, dataDir } = flowsServer
await finish(
  await vitest('Browser flows (playwright)', ['--config', 'vitest.e2e.config.ts'], {
    [E2E_SERVER_ENV]: JSON.stringify({ baseUrl, dataDir }),
  }),
)
