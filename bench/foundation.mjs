#!/usr/bin/env node
// Issue 2 figures: cold first start, warm restart, idle RSS, landing page initial JS (gzip).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { freePort, line, root, rssMb, startAndTime, stop } from './lib.mjs'

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
    rss.push(rssMb(second.child.pid))
    await stop(second.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { cold: median(cold), warm: median(warm), rss: median(rss) }
}

/** What a browser actually loads as JS for `/`, gzip-sized from the built files. */
async function landingJs() {
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
  const scripts = new Set()
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && req.url().startsWith(`http://localhost:${port}/`))
      scripts.add(new URL(req.url()).pathname)
  })
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' })
  await browser.close()
  await stop(server.child)
  rmSync(dataDir, { recursive: true, force: true })
  let gz = 0
  let raw = 0
  for (const p of scripts) {
    const file = path.join(root, 'dist', 'client', p)
    if (!existsSync(file)) continue
    const body = readFileSync(file)
    raw += body.length
    gz += gzipSync(body, { level: 9 }).length
  }
  return { files: scripts.size, gzKb: gz / 1024, rawKb: raw / 1024 }
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
const js = await landingJs()
line(`JS inicial de / (${js.files} archivos, gzip)`, `${js.gzKb.toFixed(1)} KB`, '≤ 160 KB')
