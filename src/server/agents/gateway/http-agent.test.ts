import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, type LogEntry } from '../../../shared/logger'
import { type FakeServer, sendJson, startFakeServer } from '../../test/fake-http'
import { createHttpAgent } from './http-agent'
import { AgentFailure, type AgentRunInput } from './types'

const SECRET = 'secreto-de-n8n-123'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** An agent with a short backoff, logging into `logs`. */
function setup(options: { secret?: string; attemptTimeoutMs?: number } = {}) {
  const logs: LogEntry[] = []
  const logger = createLogger({ level: 'DEBUG', sinks: [(e) => void logs.push(e)] })
  const agent = createHttpAgent({ logger, retryBaseDelayMs: 5, ...options })
  return { agent, logs }
}

function input(url: string, overrides: Partial<AgentRunInput> = {}): AgentRunInput {
  return {
    agent: { id: 'n8n-laboral', name: 'Laboral', url, credits: 2 },
    sessionId: 'sesion-1',
    historyId: 41,
    userId: 'u-1',
    userInput: '¿Cuántos días de vacaciones me corresponden?',
    countryCode: 'PE',
    signal: new AbortController().signal,
    onPartial: () => {},
    ...overrides,
  }
}

const okBody = {
  answer: 'Te corresponden 30 días de descanso vacacional [1].',
  history_id: 77,
  skip_credit_deduction: false,
  agent_id: 'n8n-laboral',
  state: 'completed',
  context_leyes: [
    {
      title: 'Decreto Legislativo 713, Artículo 10',
      tipo_alias: 'Decreto Legislativo',
      jerarquia_alias: 'Norma con rango de ley',
      content: 'El trabajador tiene derecho a treinta días calendario de descanso vacacional…',
      file_name: 'DLEG-713-1991.pdf',
      path: 'normas/DLEG-713-1991.pdf',
      url: 'https://ejemplo.pe/DLEG-713-1991.pdf',
      page_number: '3',
      context_page: 'Capítulo II',
    },
    'no es un objeto',
    null,
    [1, 2],
  ],
  context_sentencias: [{ title: 'Casación 123-2024/Lima', url: 'javascript:alert(1)', page_number: -4 }],
}

async function failure(promise: Promise<unknown>): Promise<AgentFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AgentFailure)
  return error as AgentFailure
}

describe('HTTP agent (the original contract)', () => {
  it('posts the request as JSON with the shared secret and reads the answer as spec §3 says', async () => {
    const { agent, logs } = setup({ secret: SECRET })
    server = await startFakeServer((_req, res, i) =>
      i === 0 ? sendJson(res, 200, okBody) : sendJson(res, 403, { message: 'secreto incorrecto' }),
    )
    const answer = await agent.run(input(`${server.url}/webhook/abc?token=privado`))

    expect(server.requests).toHaveLength(1)
    const req = server.requests[0]!
    expect(req.method).toBe('POST')
    expect(req.path).toBe('/webhook/abc?token=privado')
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['x-agent-secret']).toBe(SECRET)
    expect(JSON.parse(req.body)).toEqual({
      agentId: 'n8n-laboral',
      sessionId: 'sesion-1',
      userInput: '¿Cuántos días de vacaciones me corresponden?',
      countryCode: 'PE',
    })

    expect(answer).toMatchObject({
      answer: 'Te corresponden 30 días de descanso vacacional [1].',
      historyId: 77,
      skipCreditDeduction: false,
      state: 'completed',
      agentId: 'n8n-laboral',
    })
    expect(answer.contextLeyes).toHaveLength(1)
    expect(answer.contextLeyes[0]).toEqual({
      title: 'Decreto Legislativo 713, Artículo 10',
      tipo_alias: 'Decreto Legislativo',
      jerarquia_alias: 'Norma con rango de ley',
      content: 'El trabajador tiene derecho a treinta días calendario de descanso vacacional…',
      file_name: 'DLEG-713-1991.pdf',
      path: 'normas/DLEG-713-1991.pdf',
      url: 'https://ejemplo.pe/DLEG-713-1991.pdf',
      page_number: 3,
      context_page: 'Capítulo II',
      identifier: 'DLEG-713-1991',
      kind: 'norma',
      label: '',
      heading: null,
      number: null,
      status: null,
      last_updated: null,
      notes: [],
      snippet: 'El trabajador tiene derecho a treinta días calendario de descanso vacacional…',
    })
    // Defaults for what an external agent does not send; a javascript: link is never passed on.
    expect(answer.contextSentencias).toEqual([
      expect.objectContaining({
        title: 'Casación 123-2024/Lima',
        kind: 'sentencia',
        url: '',
        page_number: 1,
        content: '',
      }),
    ])
    // A rejected call is logged with the agent's origin; the secret and the webhook's path never reach the log.
    await failure(agent.run(input(`${server.url}/webhook/abc?token=privado`)))
    expect(logs.at(-1)?.metadata).toMatchObject({ agentOrigin: server.url, status: 403 })
    const logged = JSON.stringify(logs)
    expect(logged).not.toContain(SECRET)
    expect(logged).not.toContain('privado')
  })

  it('sends no secret header when none is configured', async () => {
    const { agent } = setup()
    server = await startFakeServer((_req, res) => sendJson(res, 200, okBody))
    await agent.run(input(server.url))
    expect(server.requests[0]!.headers['x-agent-secret']).toBeUndefined()
  })

  it('reads history_id as a number or a numeric string, anything else as null', async () => {
    const cases: [unknown, number | null][] = [
      ['123', 123],
      [' 9 ', 9],
      [-1, null],
      ['abc', null],
      ['12abc', null],
      [null, null],
      [{ id: 3 }, null],
      [undefined, null],
      [4.5, null],
    ]
    const { agent } = setup()
    let current: unknown
    server = await startFakeServer((_req, res) => sendJson(res, 200, { answer: 'ok', history_id: current }))
    for (const [sent, read] of cases) {
      current = sent
      const answer = await agent.run(input(server.url))
      expect(answer.historyId, `history_id ${JSON.stringify(sent)}`).toBe(read)
    }
  })

  it('reads skip_credit_deduction as workflows send it', async () => {
    const cases: [unknown, boolean][] = [
      [true, true],
      ['true', true],
      [1, true],
      ['1', true],
      [false, false],
      ['false', false],
      [0, false],
      [undefined, false],
      ['quizá', false],
    ]
    const { agent } = setup()
    let current: unknown
    server = await startFakeServer((_req, res) =>
      sendJson(res, 200, { answer: 'ok', skip_credit_deduction: current }),
    )
    for (const [sent, read] of cases) {
      current = sent
      expect((await agent.run(input(server.url))).skipCreditDeduction, String(sent)).toBe(read)
    }
  })

  it('retries a 5xx and answers with the retry', async () => {
    const { agent, logs } = setup()
    server = await startFakeServer((_req, res, i) =>
      i === 0 ? sendJson(res, 500, { error: 'caído' }) : sendJson(res, 200, okBody),
    )
    const answer = await agent.run(input(server.url))
    expect(answer.historyId).toBe(77)
    expect(server.requests).toHaveLength(2)
    expect(logs.some((l) => l.level === 'WARN' && l.message.includes('se reintenta'))).toBe(true)
  })

  it('fails after 2 retries when every attempt is a 5xx', async () => {
    const { agent } = setup()
    server = await startFakeServer((_req, res) => sendJson(res, 503, 'no disponible'))
    const error = await failure(agent.run(input(server.url)))
    expect(error.reason).toBe('failed')
    expect(server.requests).toHaveLength(3)
  })

  it('retries a network error (nothing listening) and then fails', async () => {
    const { agent } = setup()
    server = await startFakeServer((_req, res) => sendJson(res, 200, okBody))
    const url = server.url
    await server.close()
    server = undefined
    const error = await failure(agent.run(input(url)))
    expect(error.reason).toBe('failed')
    expect(error.message).toContain('error de red')
  })

  it('does not retry a 4xx', async () => {
    const { agent } = setup()
    server = await startFakeServer((_req, res) => sendJson(res, 400, { message: 'falta sessionId' }))
    const error = await failure(agent.run(input(server.url)))
    expect(error.reason).toBe('failed')
    expect(server.requests).toHaveLength(1)
  })

  it('refuses a redirect instead of following it with the secret', async () => {
    const { agent } = setup({ secret: SECRET })
    server = await startFakeServer((req, res) => {
      if (req.path === '/otro') return sendJson(res, 200, okBody)
      res.writeHead(307, { location: '/otro' })
      res.end()
    })
    expect((await failure(agent.run(input(server.url)))).reason).toBe('failed')
    expect(server.requests).toHaveLength(1)
  })

  it('fails on a body that is not JSON, or has no answer, without retrying', async () => {
    const bodies = ['<html>error</html>', '{"history_id": 3}', '{"answer": 42}', '']
    const { agent } = setup()
    let current = ''
    server = await startFakeServer((_req, res) => sendJson(res, 200, current))
    for (const body of bodies) {
      current = body
      const error = await failure(agent.run(input(server.url)))
      expect(error.reason, body).toBe('failed')
    }
    expect(server.requests).toHaveLength(bodies.length)
  })

  it('reads an n8n one-item array as its item', async () => {
    const { agent } = setup()
    server = await startFakeServer((_req, res) => sendJson(res, 200, [okBody]))
    expect((await agent.run(input(server.url))).historyId).toBe(77)
  })

  it('times out a slow agent by its own per-attempt limit, without retrying', async () => {
    const { agent } = setup({ attemptTimeoutMs: 150 })
    server = await startFakeServer(() => {}) // never answers
    const error = await failure(agent.run(input(server.url)))
    expect(error.reason).toBe('timeout')
    expect(server.requests).toHaveLength(1)
  })

  it("times out when the run's signal is aborted, also while waiting to retry", async () => {
    const { agent } = setup()
    const silent = await startFakeServer(() => {})
    server = silent
    const controller = new AbortController()
    const running = agent.run(input(silent.url, { signal: controller.signal }))
    // Aborted while the request is in flight: once the server has it.
    await expect.poll(() => silent.requests.length).toBe(1)
    controller.abort()
    expect((await failure(running)).reason).toBe('timeout')

    const logged: string[] = []
    const slowRetry = createHttpAgent({
      logger: createLogger({ level: 'WARN', sinks: [(e) => void logged.push(e.message)] }),
      retryBaseDelayMs: 60_000,
    })
    const failing = await startFakeServer((_req, res) => sendJson(res, 500, {}))
    try {
      const c2 = new AbortController()
      const waiting = slowRetry.run(input(failing.url, { signal: c2.signal }))
      // The first attempt failed and it says it will retry: it is now in its 60 s wait, and is aborted there.
      await expect.poll(() => logged).toContain('El agente externo falló; se reintenta')
      c2.abort()
      expect((await failure(waiting)).reason).toBe('timeout')
      expect(failing.requests).toHaveLength(1)
    } finally {
      await failing.close()
    }
  })
})
