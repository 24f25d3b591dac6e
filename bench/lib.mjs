import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

/** The node flags of `npm start`, read from package.json so the bench runs exactly what users run. */
export function startCommandArgs() {
  const script = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start
  const [node, ...args] = script.split(/\s+/)
  if (node !== 'node') throw new Error(`npm start no empieza con node: ${script}`)
  return args
}

/** Only the node flags of `npm start` (its young generation, its WebAssembly compiler…), not its script. */
export const startNodeFlags = () => startCommandArgs().filter((a) => a.startsWith('--'))

/** How long a start may take to its first 200 (BENCH_START_TIMEOUT_S; a loaded shared machine needs more). */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_S ?? 180) * 1000

/** Starts the server as `npm start` does (same flags, same script) and times it to the first 200 on `/`. */
export async function startAndTime({ dataDir, port, env = {} }) {
  const started = performance.now()
  const child = spawn(process.execPath, startCommandArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'WARN',
      // The figures of issue 2 are of the server alone; bench/corpus-scale.ts measures the whole-folder pass.
      CORPUS_BACKGROUND: 'demo',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => {
    output += d
  })
  child.stderr.on('data', (d) => {
    output += d
  })
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó:\n${output}`)
    try {
      const res = await fetch(`http://localhost:${port}/`)
      if (res.status === 200) break
    } catch {}
    if (performance.now() - started > START_TIMEOUT_MS) {
      // Not left running: a stray server would weigh on every later figure.
      await stop(child)
      throw new Error(`sin respuesta en ${START_TIMEOUT_MS / 1000} s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  return { ms: performance.now() - started, child, output: () => output }
}

export async function stop(child) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

/** Resident set size of a process, from /proc (Linux). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** A process and its descendants, parent first (Linux). */
export function processTree(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  return [pid, ...children.flatMap((c) => processTree(Number(c)))]
}

/**
 * The server's own process: on Linux `npm start` is a small launcher whose child is the server
 * (scripts/server-process.mjs), elsewhere the same process. The deepest process of the tree.
 */
export const serverPid = (pid) => processTree(pid).at(-1)

/**
 * Memory of the whole `npm start` tree, launcher included: RSS summed (pages shared between the two processes, the
 * node binary's, counted twice) and PSS summed (each shared page split between its processes: what they cost together).
 */
export function treeMemoryMb(pid) {
  const pss = (p) =>
    Number(/\nPss:\s+(\d+)/.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024
  const tree = processTree(pid)
  return { rss: tree.reduce((n, p) => n + rssMb(p), 0), pss: tree.reduce((n, p) => n + pss(p), 0) }
}

export function line(label, value, goal) {
  console.log(`${label.padEnd(46)} ${value.padStart(12)}   (objetivo ${goal})`)
}

/**
 * What one page load really costs on the wire: every response from `base` as the browser received it, taken from
 * the DevTools protocol (Network.loadingFinished's encodedDataLength: the compressed body plus headers), with the
 * browser cache off so that immutable assets count as on a first visit. Third-party requests are left out.
 */
export async function wireWeight(page, base, load) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const seen = new Map()
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (!response.url.startsWith(base)) return
    const header = (name) =>
      Object.entries(response.headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? null
    seen.set(requestId, {
      path: new URL(response.url).pathname,
      type,
      encoding: header('content-encoding'),
      length: Number(header('content-length') ?? 0),
      bytes: null,
    })
  })
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = seen.get(requestId)
    if (r) r.bytes = encodedDataLength
  })
  await load()
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
  await cdp.detach()
  // An event stream never finishes loading: it is a connection, not page weight.
  const done = [...seen.values()].filter((r) => r.bytes !== null)
  const sum = (rs) => rs.reduce((n, r) => n + r.bytes, 0) / 1024
  const scripts = done.filter((r) => r.type === 'Script')
  return {
    responses: done.length,
    totalKb: sum(done),
    scripts: scripts.length,
    scriptKb: sum(scripts),
    // Text the server sent uncompressed though over the 1 KB from which the build precompresses it.
    uncompressed: done
      .filter((r) => ['Document', 'Script', 'Stylesheet'].includes(r.type) && !r.encoding && r.length >= 1024)
      .map((r) => r.path),
  }
}

/**
 * A new account, confirmed through the local mailbox (/dev/correo), then signed in `times` times: the last sign-in's
 * response, whose headers carry the session (cookie, or `set-auth-token` for a bearer).
 */
export async function signUpAndSignIn(base, label, times = 1) {
  const email = `${label}-${Date.now()}@ejemplo.pe`
  const password = 'clave-segura-1'
  const post = (url, body) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    })
  await post('/api/auth/sign-up/email', { email, password, name: label })
  let mail
  for (let i = 0; i < 100 && !mail; i++) {
    mail = (await (await fetch(`${base}/dev/correo/messages.json`)).json()).find((m) => m.to === email)
    if (!mail) await new Promise((r) => setTimeout(r, 200))
  }
  if (!mail) throw new Error(`no llegó el correo de confirmación a ${email}`)
  await fetch(`${base}/api/auth/verify-email?token=${new URL(mail.links[0]).searchParams.get('token')}`)
  let res
  for (let i = 0; i < times; i++) {
    res = await post('/api/auth/sign-in/email', { email, password })
    if (!res.ok) throw new Error(`inicio de sesión ${res.status}: ${await res.text()}`)
  }
  return res
}
