#!/usr/bin/env node
// Issue 2 figures: cold first start, warm restart, idle RSS, and what the landing page weighs on the wire.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { freePort, line, rssMb, serverPid, startAndTime, stop, wireWeight } from './lib.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function startFigures() {
  const cold = []
  const warm = []
  const rss = []
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-'))
    const port = await freePort()
    const first = await startAndTime({ dataDir, port })
    cold.push(first.ms)
    await stop(first.child)
    const second = await startAndTime({ dataDir, port })
    warm.push(second.ms)
    // Idle: give the process time to settle, as a server waiting for its first user would.
    await new Promise((r) => setTimeout(r, 5000))
    rss.push(rssMb(serverPid(second.child.pid)))
    await stop(second.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { cold: median(cold), warm: median(warm), rss: median(rss) }
}

/** What a first visit to `/` receives from the running server, compressed as served. */
async function landingWeight() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-'))
  const port = await freePort()
  const server = await startAndTime({ dataDir, port })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  })
  const page = await browser.newPage()
  const base = `http://localhost:${port}`
  const weight = await wireWeight(page, base, () => page.goto(`${base}/`, { waitUntil: 'networkidle' }))
  await browser.close()
  await stop(server.child)
  rmSync(dataDir, { recursive: true, force: true })
  return weight
}

console.log(`Lexia · cimientos (mediana de ${RUNS} arranques; máquina: ${os.cpus().length} núcleos)`)
// The first start builds if dist/ is stale; build once here so "cold" measures the data folder, not Vite.
await startAndTime({
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-')),
  port: await freePort(),
}).then((s) => stop(s.child))
const s = await startFigures()
line('Arranque en frío (carpeta de datos vacía) → 200 /', `${(s.cold / 1000).toFixed(2)} s`, '≤ 30 s')
line('Reinicio en caliente → 200 /', `${(s.warm / 1000).toFixed(2)} s`, '≤ 3 s')
line('RSS del servidor en reposo', `${s.rss.toFixed(1)} MB`, '≤ 150 MB')
const w = await landingWeight()
line(`Peso de / en la red (${w.responses} respuestas)`, `${w.totalKb.toFixed(1)} KB`, '≤ 160 KB')
line(`  de ello JS (${w.scripts} archivos)`, `${w.scriptKb.toFixed(1)} KB`, '—')
if (w.uncompressed.length) console.log(`  ¡Sin comprimir!: ${w.uncompressed.join(', ')}`)
