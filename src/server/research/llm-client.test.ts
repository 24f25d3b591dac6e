import { afterEach, describe, expect, it } from 'vitest'
import type { FakeServer } from '../test/fake-http'
import { fakeLlmSettings, startFakeLlm } from '../test/fake-llm'
import { completeChat, createSseParser, LlmError, streamChat } from './llm-client'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const messages = [{ role: 'user' as const, content: 'hola' }]
const signal = () => new AbortController().signal

describe('SSE parser', () => {
  it('joins data lines per event and keeps a line cut between chunks for the next', () => {
    const parser = createSseParser()
    expect(parser.push(': comentario\nevent: x\ndata: {"a"')).toEqual([])
    expect(parser.push(':1}\n\ndata: uno\r\ndata: dos\r\n\r\ndata: [DONE]')).toEqual(['{"a":1}', 'uno\ndos'])
    expect(parser.end()).toEqual(['[DONE]'])
  })
})

describe('OpenAI-compatible client', () => {
  it('streams the text so far as chunks arrive, with the model, key and stream flag sent', async () => {
    server = await startFakeLlm(() => ({ stream: ['El plazo ', 'es de ', 'treinta días [1].'] }))
    const seen: string[] = []
    const text = await streamChat(fakeLlmSettings(server.url), messages, {
      signal: signal(),
      onText: (t) => seen.push(t),
    })
    expect(text).toBe('El plazo es de treinta días [1].')
    expect(seen).toEqual(['El plazo ', 'El plazo es de ', 'El plazo es de treinta días [1].'])
    const req = server.requests[0]!
    expect(req.path).toBe('/v1/chat/completions')
    expect(req.headers.authorization).toBe('Bearer clave-de-prueba')
    expect(JSON.parse(req.body)).toMatchObject({ model: 'modelo-falso', stream: true, messages })
  })

  it('reads a server that ignores stream and answers one JSON body', async () => {
    server = await startFakeLlm(() => ({ json: 'Respuesta completa.' }))
    const seen: string[] = []
    const text = await streamChat(fakeLlmSettings(server.url), messages, {
      signal: signal(),
      onText: (t) => seen.push(t),
    })
    expect(text).toBe('Respuesta completa.')
    expect(seen).toEqual(['Respuesta completa.'])
  })

  it('fails with LlmError on an HTTP error, an error event, an empty answer or a timeout', async () => {
    const replies = [
      { status: 500 },
      { rawSse: 'data: {"error":{"message":"cuota agotada"}}\n\n' },
      { rawSse: 'data: [DONE]\n\n' },
      { rawSse: 'data: no-es-json\n\n' },
      { hang: true as const },
    ]
    server = await startFakeLlm((_req, i) => replies[i]!)
    for (const expected of ['HTTP 500', 'cuota agotada', 'respuesta vacía', 'ilegible', 'tiempo agotado']) {
      const error = await streamChat(fakeLlmSettings(server.url, { timeoutMs: 200 }), messages, {
        signal: signal(),
        onText: () => {},
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(LlmError)
      expect((error as Error).message).toContain(expected)
    }
  })

  it('completes a short request without streaming', async () => {
    server = await startFakeLlm(() => ({ json: 'despido arbitrario indemnización' }))
    expect(await completeChat(fakeLlmSettings(server.url), messages, { signal: signal() })).toBe(
      'despido arbitrario indemnización',
    )
    expect(JSON.parse(server.requests[0]!.body).stream).toBe(false)
  })
})
