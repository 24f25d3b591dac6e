// The app under test for bench/consultation-overhead.ts, in its own process: an instant agent, 50 users signed in.
// Sends { port, people } to the parent once listening; closes on 'stop'.
import { serve } from '@hono/node-server'
import type { AgentGateway } from '../src/server/agents/gateway/types'
import { type Backend, createTestApp } from '../src/server/test/harness'
import { signedInPerson, type TestPerson } from '../src/server/test/users'

const USERS = 50
const backend = (process.argv[2] ?? 'pglite') as Backend

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

const t = await createTestApp(
  backend,
  { WELCOME_CREDITS: '1000', AUTH_RATE_LIMIT_FACTOR: '1000' },
  { agentGateway: instantAgent },
)
const people: TestPerson[] = []
for (let i = 0; i < USERS; i++) people.push(await signedInPerson(t, `bench${i}`))
const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((r) => server.once('listening', r))
const { port } = server.address() as { port: number }
process.send?.({ port, people })
process.on('message', async (message) => {
  if (message !== 'stop') return
  server.close()
  await t.close()
  process.exit(0)
})
