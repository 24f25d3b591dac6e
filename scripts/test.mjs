#!/usr/bin/env node
// `npm test`: the whole suite. Prints one closing line 'tests: N passed, N failed' summed over the unit/integration
// and browser runs.
//
// Where the time goes (bench/test-suite.mjs measures it): Vitest is most of it, and it waits on databases and child
// processes as much as it computes. So the checks that need no server — types, lint, then the build when dist/ is
// stale — run beside it, their output held back and printed whole when they end; a failure there stops Vitest at
// once (still failing fast). The browser flows need both, so they come last.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBuildFresh } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const TSC_CACHE = path.join(root, 'node_modules', '.cache', 'lexia', 'tsconfig.tsbuildinfo')
const reports = mkdtempSync(path.join(os.tmpdir(), 'lexia-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
const started = performance.now()
/** Seconds per step, written to LEXIA_TEST_TIMINGS when set (bench/test-suite.mjs reads them). */
const timings = {}
/** Steps still running, stopped if another fails. */
const running = new Set()

/**
 * Runs one step. `quiet`: its output is collected and printed in one block when it ends, so a step that runs
 * beside Vitest does not cut through Vitest's report.
 */
function step(title, command, args, { env = {}, quiet = false } = {}) {
  if (!quiet) console.log(`\n▶ ${title}`)
  const t0 = performance.now()
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
      if (quiet) console.log(`\n▶ ${title} (${timings[title].toFixed(1)} s)\n${output.trimEnd()}`)
      resolve(code === 0)
    })
  })
}

async function vitest(title, args) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`)
  const ok = await step(title, bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ])
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'))
    totals.passed += r.numPassedTests
    totals.failed += r.numFailedTests
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0)
  } else if (!ok) totals.failed += 1
  return ok
}

function finish(ok) {
  for (const child of running) child.kill('SIGTERM')
  timings.total = (performance.now() - started) / 1000
  if (process.env.LEXIA_TEST_TIMINGS)
    writeFileSync(process.env.LEXIA_TEST_TIMINGS, JSON.stringify({ ok, timings }))
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
    // Incremental: the file hashes and results of the last check are kept in node_modules/.cache, so a second run
    // re-checks only what changed (about 8 s of CPU instead of 28; docs/decisions/0030). A clean checkout has none.
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

const unit = vitest('Unit and integration (vitest)', [])
// A failed check ends the run at once, Vitest included.
const checked = checksAndBuild().then((ok) => {
  if (!ok) finish(false)
})
if (!(await unit)) finish(false)
await checked
if (!(await ensureChromium())) finish(false)
finish(await vitest('Browser flows (playwright)', ['--config', 'vitest.e2e.config.ts']))
