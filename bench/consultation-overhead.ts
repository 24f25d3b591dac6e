// Issue 4: the server's own cost of a consultation — auth, validation, agent lookup, session claim, reservation,
// partial answer, charge, response — with an agent that answers at once, under 50 concurrent users (autocannon).
// PGlite always; PostgreSQL too when TEST_DATABASE_URL or BENCH_DATABASE_URL is set.
import { serve } from '@hono/node-server'
import autocannon from 'autocannon'
import type { AgentGateway } from '../src/server/agents/gateway/types'
import { type Backend, createTestApp, type TestApp } from '../src/server/test/harness'
import { signedInPerson, type TestPerson } from '../src/server/test/users'

const USERS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/** Answers immediately with one partial, like the fastest possible agent: what remains is our overhead. */
const instantAgent: AgentGateway = {
  async run(input) {
    input.onPartial('Respuesta parcial')
    return {
      answer: 'Respuesta inmediata.',
      historyId: input.historyId,
      skipCreditDeduction: false,
      state: 'answered',
      contextLeyes: [],
      contextSentencias: [],
    }
  },
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

async function measure(backend: Backend) {
  const t: TestApp = await createTestApp(
    backend,
    { WELCOME_CREDITS: '1000', AUTH_RATE_LIMIT_FACTOR: '1000' },
    { agentGateway: instantAgent },
  )
  const people: TestPerson[] = []
  for (let i = 0; i < USERS; i++) people.push(await signedInPerson(t, `bench${i}`))
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  const { port } = server.address() as { port: number }
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
            const who = people[next++ % USERS]!
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
  server.close()
  await t.close()
}

console.log(
  `Lexia · sobrecosto del servidor por consulta (${USERS} usuarios concurrentes, agente instantáneo)`,
)
await measure('pglite')
if (process.env.TEST_DATABASE_URL) await measure('postgres')
process.exit(0)
