// Issue 4: the server's own cost of a consultation — auth, validation, agent lookup, session claim, reservation,
// partial answer, charge, response — with an agent that answers at once, under 50 concurrent users (autocannon).
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. The server runs in its own process
// (bench/overhead-server.ts), so the load generator's work is not counted as the server's.
import { fork } from 'node:child_process'
import path from 'node:path'
import autocannon from 'autocannon'
import { projectRoot } from '../src/server/lib/project-root'
import type { Backend } from '../src/server/test/harness'
import type { TestPerson } from '../src/server/test/users'

const USERS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/** One consultation at a time: the overhead itself, with no queueing behind other users. */
async function serial(base: string, who: TestPerson, n = 200) {
  const latencies: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    const res = await fetch(`${base}/api/agentCommunication`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        authorization: `Bearer ${who.bearer}`,
      },
      body: JSON.stringify({
        agentId: 'general',
        sessionId: `serial-${who.id}`,
        userInput: '¿Cuánto dura el mandato presidencial?',
        countryCode: 'PE',
      }),
    })
    await res.arrayBuffer()
    if (res.ok) latencies.push(performance.now() - t0)
  }
  latencies.sort((a, b) => a - b)
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!
  return { n: latencies.length, p50: at(0.5), p99: at(0.99) }
}

/** Open-loop load: user i sends at i/50 s past each second, whatever the previous answers took. */
async function staggered(base: string, people: TestPerson[]) {
  const latencies: number[] = []
  let failed = 0
  const started = performance.now()
  const sends: Promise<void>[] = []
  for (let second = 0; second < SECONDS; second++) {
    for (let i = 0; i < people.length; i++) {
      const at = started + (second + i / people.length) * 1000
      await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())))
      const who = people[i]!
      const t0 = performance.now()
      sends.push(
        fetch(`${base}/api/agentCommunication`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'http://localhost:3000',
            authorization: `Bearer ${who.bearer}`,
          },
          body: JSON.stringify({
            agentId: 'general',
            sessionId: `steady-${who.id}`,
            userInput: '¿Cuánto dura el mandato presidencial?',
            countryCode: 'PE',
          }),
        }).then(async (res) => {
          await res.arrayBuffer()
          latencies.push(performance.now() - t0)
          if (!res.ok) failed++
        }),
      )
    }
  }
  await Promise.all(sends)
  latencies.sort((a, b) => a - b)
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!
  return { n: latencies.length, failed, p50: at(0.5), p90: at(0.9), p99: at(0.99) }
}

type Ready = { port: number; people: TestPerson[] }

/** Starts the app with 50 signed-in users in a child process; resolves with its port and their tokens. */
function startServer(backend: Backend) {
  const root = projectRoot()
  const child = fork(path.join(root, 'scripts/run-ts.mjs'), ['bench/overhead-server.ts', backend], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready))
    child.once('exit', (code) => reject(new Error(`el servidor de prueba terminó (${code})`)))
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit')
      child.once('exit', () => resolve())
      child.send('stop')
    })
  return { ready, stop }
}

async function measure(backend: Backend) {
  const server = startServer(backend)
  const { port, people } = await server.ready
  let next = 0
  const run = () =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: USERS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/agentCommunication',
          setupRequest: (req: autocannon.Request) => {
            const who = people[next++ % people.length]!
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                origin: 'http://localhost:3000',
                authorization: `Bearer ${who.bearer}`,
              },
              body: JSON.stringify({
                agentId: 'general',
                sessionId: `bench-${who.id}`,
                userInput: '¿Cuánto dura el mandato presidencial?',
                countryCode: 'PE',
              }),
            }
          },
        },
      ],
    })
  const report = (label: string, result: autocannon.Result) => {
    const ok = result['2xx']
    const lat = result.latency
    console.log(
      `${backend.padEnd(9)} ${label.padEnd(34)} ${String(ok).padStart(6)} consultas (${(ok / SECONDS).toFixed(0)}/s), ` +
        `no-2xx ${result.non2xx}, errores ${result.errors}; p50 ${lat.p50} ms, p90 ${lat.p90} ms, p99 ${lat.p99} ms`,
    )
  }
  const one = await serial(`http://127.0.0.1:${port}`, people[0]!)
  console.log(
    `${backend.padEnd(9)} ${'1 usuario, una consulta tras otra'.padEnd(34)} ${String(one.n).padStart(6)} consultas; ` +
      `p50 ${one.p50.toFixed(1)} ms, p99 ${one.p99.toFixed(1)} ms`,
  )
  // Steady: each of the 50 users sends one consultation a second (far above real use), staggered so they do not
  // arrive in one burst (autocannon's overallRate fires them together at each tick, which measures queueing).
  const steady = await staggered(`http://127.0.0.1:${port}`, people)
  console.log(
    `${backend.padEnd(9)} ${'50 usuarios, 1 consulta/s cada uno'.padEnd(34)} ${String(steady.n).padStart(6)} consultas, ` +
      `fallos ${steady.failed}; p50 ${steady.p50.toFixed(1)} ms, p90 ${steady.p90.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms ` +
      '(objetivo p99 ≤ 20 ms)',
  )
  // Saturated: every user sends the next consultation the moment the last one returns (capacity, with queueing).
  report('50 usuarios sin pausa (saturación)', await run())
  await server.stop()
}

console.log(
  `Lexia · sobrecosto del servidor por consulta (${USERS} usuarios concurrentes, agente instantáneo)`,
)
await measure('pglite')
if (process.env.TEST_DATABASE_URL) await measure('postgres')
process.exit(0)
