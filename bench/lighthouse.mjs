#!/usr/bin/env node
// Issue 17 figures: Lighthouse (the npm package, its default mobile preset: a mid-range phone, simulated slow 4G and
// 4× CPU slowdown) on the landing page, the sign-in page and the signed-in chat, against `npm start` (the production
// build, compressed assets) driving Debian's chromium. `npm run bench -- lighthouse [ROUNDS]` (3 by default): the
// median of each score and its spread, then the audits that cost points, so a figure below its goal says why.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { freePort, line, signUpAndSignIn, startAndTime, stop } from './lib.mjs'

const ROUNDS = Number(process.argv[2] ?? 3)
/** Where to keep the last round's full reports (JSON, for Lighthouse's viewer), when set. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR
const CATEGORIES = ['performance', 'accessibility', 'best-practices']
/** Each page and its goals per category (issue 17): 95/100/95 on the public pages, 90 performance on the chat. */
const ALL_PAGES = [
  { name: '/', path: '/', goals: { performance: 95, accessibility: 100, 'best-practices': 95 } },
  { name: '/auth', path: '/auth', goals: { performance: 95, accessibility: 100, 'best-practices': 95 } },
  { name: 'chat', path: '/protected/chat', signedIn: true, goals: { performance: 90 } },
]
/** `LIGHTHOUSE_PAGES=/auth,chat` measures only those pages (by name); all three by default. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim())
const PAGES = ONLY ? ALL_PAGES.filter((p) => ONLY.includes(p.name)) : ALL_PAGES
if (PAGES.length === 0)
  throw new Error(`LIGHTHOUSE_PAGES no nombra ninguna página: ${process.env.LIGHTHOUSE_PAGES}`)
// The machine has no outside network: nothing may try to reach Google's services in the background.
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
]

/** Chromium with a DevTools port for Lighthouse to drive (no puppeteer): the port is read from its banner. */
async function launchChromium(profile) {
  const child = spawn(
    '/usr/bin/chromium',
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let output = ''
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chromium sin puerto de DevTools:\n${output}`)), 30_000)
    child.stderr.on('data', (d) => {
      output += d
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    })
    child.once('exit', (code) => reject(new Error(`chromium terminó (${code}):\n${output}`)))
  })
  return { child, port }
}

/** A confirmed account's session cookie. The first session opens the first-login help over the chat: the page measured
 * is the chat a returning user sees, so it signs in twice. */
async function signedInCookie(base) {
  const res = await signUpAndSignIn(base, 'lighthouse', 2)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** The audits that cost a category points: scored, below full marks, heaviest first. */
function losingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ ref, audit }) => {
      const shown = audit.displayValue ? ` — ${audit.displayValue}` : ''
      return `${ref.id} (peso ${ref.weight}, ${Math.round(audit.score * 100)}): ${audit.title}${shown}`
    })
}

/** Performance's opportunities and diagnostics that are not part of its score but say where time goes. */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
    .map((a) => `${a.id}: ${a.title} — ahorro ${Math.round(a.details.overallSavingsMs)} ms`)
}

/**
 * One Lighthouse run of a page. A run whose trace Chromium failed to record (NO_NAVSTART and the like, seen on a
 * loaded machine) is a failed measurement, not a figure: it is run again, up to three times.
 */
async function audit(url, cookie) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // The chat needs its session: sent with every request, since Lighthouse clears the origin's storage first.
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    })
    if (!lhr.runtimeError) return lhr
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`)
    console.log(`  (${url}: ${lhr.runtimeError.code}, otra vez)`)
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-lighthouse-'))
const profile = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-lighthouse-chromium-'))
const port = await freePort()
const base = `http://localhost:${port}`
const server = await startAndTime({ dataDir, port, env: { AUTH_RATE_LIMIT_FACTOR: '50' } })
let chromium
try {
  const cookie = PAGES.some((p) => p.signedIn) ? await signedInCookie(base) : null
  chromium = await launchChromium(profile)
  /** Per page: every round's scores, and the last round's report (its failing audits). */
  const results = new Map(PAGES.map((p) => [p.name, { scores: [], lhr: null }]))
  /** Lighthouse's measure of this machine's speed at each run (lower while other work loads it). */
  const benchmarkIndex = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of PAGES) {
      const lhr = await audit(`${base}${page.path}`, page.signedIn ? cookie : null)
      if (page.signedIn && !new URL(lhr.finalDisplayedUrl).pathname.startsWith('/protected/chat'))
        throw new Error(`la página del chat acabó en ${lhr.finalDisplayedUrl}: la sesión no sirvió`)
      const r = results.get(page.name)
      r.scores.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])))
      r.lhr = lhr
      benchmarkIndex.push(lhr.environment.benchmarkIndex)
    }
  }
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true })
    for (const page of PAGES) {
      const file = `${page.name.replace(/\W+/g, '') || 'landing'}.json`
      writeFileSync(path.join(REPORT_DIR, file), JSON.stringify(results.get(page.name).lhr))
    }
  }
  // Lighthouse's simulated phone multiplies the CPU time it saw by 4: on a machine other work is loading, that time
  // (and the total blocking time above all) grows with the load, hence the load average beside the figures.
  console.log(
    `Lexia · Lighthouse ${results.get(PAGES[0].name).lhr.lighthouseVersion}, perfil móvil por defecto, ${ROUNDS} rondas (mediana, mín–máx), ${os.cpus().length} núcleos, benchmarkIndex ${Math.round(median(benchmarkIndex))} (${Math.round(Math.min(...benchmarkIndex))}–${Math.round(Math.max(...benchmarkIndex))}), carga ${os.loadavg()[0].toFixed(1)}`,
  )
  for (const page of PAGES) {
    const { scores } = results.get(page.name)
    for (const c of CATEGORIES) {
      const xs = scores.map((s) => s[c])
      const goal = page.goals[c] === undefined ? '—' : page.goals[c] === 100 ? '100' : `≥ ${page.goals[c]}`
      line(`${page.name} · ${c}`, `${median(xs)} (${Math.min(...xs)}–${Math.max(...xs)})`, goal)
    }
  }
  for (const page of PAGES) {
    const { lhr } = results.get(page.name)
    const m = (id) => lhr.audits[id]?.displayValue ?? '?'
    console.log(
      `\n${page.name}, última ronda: FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}, SI ${m('speed-index')}`,
    )
    for (const c of CATEGORIES) {
      const losing = losingAudits(lhr, c)
      if (losing.length)
        console.log(`  ${c}, auditorías por debajo del máximo:\n    ${losing.join('\n    ')}`)
    }
    const opp = opportunities(lhr)
    if (opp.length) console.log(`  oportunidades:\n    ${opp.join('\n    ')}`)
  }
} finally {
  if (chromium && chromium.child.exitCode === null) {
    chromium.child.kill('SIGTERM')
    await new Promise((r) => chromium.child.once('exit', r))
  }
  await stop(server.child)
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profile, { recursive: true, force: true })
}
