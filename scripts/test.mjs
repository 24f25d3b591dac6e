#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest. Prints one closing line
// 'tests: N passed, N failed' summed over the unit/integration and browser runs.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const reports = mkdtempSync(path.join(os.tmpdir(), 'lexia-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
const started = performance.now()
/** Seconds per step, written to LEXIA_TEST_TIMINGS when set (bench/test-suite.mjs reads them). */
const timings = {}

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`)
  const t0 = performance.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  timings[title] = (performance.now() - t0) / 1000
  return result.status === 0
}

function vitest(title, args) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`)
  const ok = step(title, bin('vitest'), [
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
  timings.total = (performance.now() - started) / 1000
  if (process.env.LEXIA_TEST_TIMINGS)
    writeFileSync(process.env.LEXIA_TEST_TIMINGS, JSON.stringify({ ok, timings }))
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  process.exit(ok && totals.failed === 0 ? 0 : 1)
}

/** Debian's chromium drives the browser tests; Playwright's own download cannot work here. */
function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true
  if (process.getuid?.() === 0) {
    return (
      step('Instalando chromium (apt)', 'apt-get', ['update', '-qq']) &&
      step('Instalando chromium (apt)', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
        DEBIAN_FRONTEND: 'noninteractive',
      })
    )
  }
  console.error(
    'Falta /usr/bin/chromium. Instálalo con: sudo apt-get install chromium  (y vuelve a ejecutar npm test)',
  )
  return false
}

if (!step('Tipos (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])) finish(false)
if (!step('Lint (biome)', bin('biome'), ['check', '.'])) finish(false)
if (!vitest('Unit and integration (vitest)', [])) finish(false)
if (!ensureChromium()) finish(false)
if (!step('Build', process.execPath, [path.join(root, 'scripts/build.mjs')])) finish(false)
finish(vitest('Browser flows (playwright)', ['--config', 'vitest.e2e.config.ts']))
