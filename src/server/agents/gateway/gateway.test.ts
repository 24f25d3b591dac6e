import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, type LogEntry } from '../../../shared/logger'
import type { Db } from '../../db/client'
import { type FakeServer, sendJson, startFakeServer } from '../../test/fake-http'
import { BACKENDS, createTestApp, type TestApp } from '../../test/harness'
import { createAgentGateway } from './gateway'
import { AgentFailure, type AgentRunInput } from './types'

const SECRET = 'secreto-del-gateway-456'

function input(url: string): AgentRunInput {
  return {
    agent: { id: 'agente-1', name: 'Agente', url, credits: 1 },
    sessionId: 'sesion-9',
    historyId: 12,
    userId: 'u-9',
    userInput: 'cuánto dura el mandato presidencial',
    countryCode: 'PE',
    signal: new AbortController().signal,
    onPartial: () => {},
  }
}

async function failure(promise: Promise<unknown>): Promise<AgentFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AgentFailure)
  return error as AgentFailure
}

describe.each(BACKENDS)('agent gateway on %s', (backend) => {
  let t: TestApp
  let server: FakeServer | undefined
  const logs: LogEntry[] = []
  const logger = createLogger({ level: 'DEBUG', sinks: [(e) => void logs.push(e)] })
  beforeAll(async () => {
    t = await createTestApp(backend, { AGENT_SHARED_SECRET: SECRET })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('runs builtin:<scope> in process (here on an index with no corpus)', async () => {
    const gateway = createAgentGateway({ config: t.config, db: t.db, logger })
    const answer = await gateway.run(input('builtin:general'))
    expect(answer).toMatchObject({ state: 'corpus_empty', skipCreditDeduction: true, historyId: 12 })
    for (const scope of ['constitucional', 'laboral', 'penal', 'tributario']) {
      expect((await gateway.run(input(`builtin:${scope}`))).state).toBe('corpus_empty')
    }
  })

  it('sends http(s) agents the original contract, with the configured secret', async () => {
    server = await startFakeServer((_req, res) => sendJson(res, 200, { answer: 'Hola', history_id: '8' }))
    const gateway = createAgentGateway({ config: t.config, db: t.db, logger, http: { retryBaseDelayMs: 1 } })
    const answer = await gateway.run(input(`${server.url}/webhook/x`))
    expect(answer).toMatchObject({ answer: 'Hola', historyId: 8, skipCreditDeduction: false })
    expect(server.requests[0]!.headers['x-agent-secret']).toBe(SECRET)
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      agentId: 'agente-1',
      sessionId: 'sesion-9',
      userInput: 'cuánto dura el mandato presidencial',
      countryCode: 'PE',
    })
  })

  it('refuses an unknown builtin scope and any other kind of url', async () => {
    const gateway = createAgentGateway({ config: t.config, db: t.db, logger })
    for (const url of [
      'builtin:desconocido',
      'builtin:',
      'builtin:constructor',
      'ftp://agente.pe',
      'javascript:alert(1)',
      '',
    ]) {
      expect((await failure(gateway.run(input(url)))).reason, url).toBe('failed')
    }
  })

  it('turns an unexpected error inside a run into a failure, logged without detail of the url', async () => {
    const broken = new Proxy(
      {},
      {
        get() {
          throw new Error('conexión perdida')
        },
      },
    ) as Db
    const gateway = createAgentGateway({ config: t.config, db: broken, logger })
    const error = await failure(gateway.run(input('builtin:general')))
    expect(error.reason).toBe('failed')
    expect(error.message).toBe('El agente no pudo responder')
    expect(logs.find((l) => l.level === 'ERROR')?.metadata).toMatchObject({
      agentId: 'agente-1',
      reason: 'conexión perdida',
    })
  })
})
