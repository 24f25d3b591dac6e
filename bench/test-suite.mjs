#!/usr/bin/env node
// `npm run bench -- test-suite [ROUNDS]` (or `node bench/test-suite.mjs [ROUNDS]`): how long `npm test` takes, step by
// step, over ROUNDS runs (default 3). A figure, never a pass/fail: the machine is shared, so the load average at the
// start and end of each round is printed beside it. Each round runs the real `npm test` (scripts/test.mjs), which
// writes its own per-step seconds to LEXIA_TEST_TIMINGS; steps that overlap in it are timed as they overlap.
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root } from './lib.mjs'

const rounds = Number(process.argv[2] ?? 3)
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`Número de rondas no válido: ${process.argv[2]} (usa un entero ≥ 1)`)
  process.exit(2)
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-test-bench-'))
/** step title → seconds, one entry per round that ran the step. */
const samples = new Map()
/** step title → CPU seconds (GNU time, where installed), one entry per round. */
const cpuSamples = new Map()
let failures = 0

for (let round = 1; round <= rounds; round++) {
  const file = path.join(dir, `round-${round}.json`)
  const logFile = path.join(dir, `round-${round}.log`)
  console.log(`\n== ronda ${round}/${rounds} (carga al empezar: ${load()}) ==`)
  // The suite's own output goes to a log, shown (its end) only when the round is red.
  const log = openSync(logFile, 'w')
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/test.mjs')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, LEXIA_TEST_TIMINGS: file },
  })
  closeSync(log)
  const showLog = () => console.log(readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n'))
  let report
  try {
    report = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    showLog()
    console.error(`ronda ${round}: npm test no dejó tiempos (salió con ${run.status})`)
    failures++
    continue
  }
  if (!report.ok) {
    showLog()
    failures++
  }
  for (const [title, seconds] of Object.entries(report.timings)) {
    samples.set(title, [...(samples.get(title) ?? []), seconds])
  }
  const cpu = report.cpu ?? {}
  for (const [title, seconds] of Object.entries(cpu)) {
    cpuSamples.set(title, [...(cpuSamples.get(title) ?? []), seconds])
  }
  const line = Object.entries(report.timings)
    .map(
      ([title, s]) =>
        `${title}: ${s.toFixed(1)} s${cpu[title] === undefined ? '' : ` (CPU ${cpu[title].toFixed(1)} s)`}`,
    )
    .join(' · ')
  const cpuTotal = Object.values(cpu).reduce((a, b) => a + b, 0)
  console.log(
    `${report.ok ? 'verde' : 'ROJO'} · ${line} · CPU de todos los pasos: ${cpuTotal.toFixed(1)} s · carga al terminar: ${load()}`,
  )
}
rmSync(dir, { recursive: true, force: true })

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}
console.log(`\nnpm test en ${rounds} ronda(s), ${os.cpus().length} núcleos (mediana, mínimo–máximo):`)
for (const [title, xs] of samples) {
  const min = Math.min(...xs)
  const max = Math.max(...xs)
  console.log(
    `  ${title.padEnd(34)} ${median(xs).toFixed(1).padStart(6)} s   ${min.toFixed(1)}–${max.toFixed(1)} s  (n=${xs.length})`,
  )
}
for (const [title, xs] of cpuSamples) {
  console.log(`  CPU ${title.padEnd(30)} ${median(xs).toFixed(1).padStart(6)} s  (n=${xs.length})`)
}
if (failures > 0) console.log(`  ${failures} ronda(s) en rojo: sus tiempos cuentan, pero revisa la salida`)
