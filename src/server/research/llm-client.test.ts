import { afterEach, describe, expect, it } from 'vitest'
import type { FakeServer } from '../test/fake-http'
import { fakeLlmSettings, startFakeLlm } from '../test/fake-llm'
import { completeChat, LlmError, streamChat } from './llm-client'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const messages = [{ role: 'user' as const, content: 'hola' }]
const signal = () => new AbortController().signal

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

  it('reads SSE framing as servers send it: comments, event names, CRLF, data split over lines and chunks', async () => {
    const piece = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] })
    server = await startFakeLlm(() => ({
      rawSse:
        `: keep-alive\r\nevent: message\r\ndata: ${piece('El plazo ')}\r\n\r\n` +
        // One JSON payload over two data lines: joined with a newline, which JSON reads as whitespace.
        `data: {"choices":[{"delta":\ndata: {"content":"es de treinta días."}}]}\n\n` +
        'data: [DONE]\n\n' +
        `data: ${piece(' Esto llega tras el fin y no se lee.')}\n\n`,
    }))
    const text = await streamChat(fakeLlmSettings(server.url), messages, {
      signal: signal(),
      onText: () => {},
    })
    expect(text).toBe('El plazo es de treinta días.')
  })

  it('lets a slow model write for longer than its silence limit, as long as it keeps writing', async () => {
    const pieces = ['Uno ', 'dos ', 'tres ', 'cuatro ', 'cinco ', 'seis.']
    server = await startFakeLlm(() => ({ stream: pieces, delayMs: 250 }))
    const seen: string[] = []
    const started = Date.now()
    const text = await streamChat(fakeLlmSettings(server.url, { timeoutMs: 1000 }), messages, {
      signal: signal(),
      onText: (t) => seen.push(t),
    })
    // Six pieces 250 ms apart: the whole answer takes longer than the 1000 ms limit, no gap does.
    expect(Date.now() - started).toBeGreaterThan(1200)
    expect(text).toBe(pieces.join(''))
    expect(seen).toEqual(pieces.map((_, i) => pieces.slice(0, i + 1).join('')))
  })

  it('stops reading, and closes the stream, when the caller has seen enough', async () => {
    server = await startFakeLlm(() => ({ stream: ['ALTO', ' y ', 'más texto'], delayMs: 20 }))
    const seen: string[] = []
    const text = await streamChat(fakeLlmSettings(server.url), messages, {
      signal: signal(),
      onText: (t) => seen.push(t),
      stopWhen: (t) => t.startsWith('ALTO'),
    })
    expect(text).toBe('ALTO')
    expect(seen).toEqual(['ALTO'])
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

  it('fails with LlmError on an HTTP error, an error event, an empty answer, silence or a cut connection', async () => {
    const replies = [
      { status: 500 },
      { rawSse: 'data: {"error":{"message":"cuota agotada"}}\n\n' },
      { rawSse: 'data: [DONE]\n\n' },
      { rawSse: 'data: no-es-json\n\n' },
      { hang: true as const },
      { stream: ['El plazo ', 'es de', ' nunca llega'], cutAfter: 2 },
      { stream: ['Empieza ', 'y se calla'], delayMs: 400 },
    ]
    server = await startFakeLlm((_req, i) => replies[i]!)
    const expectations = [
      'HTTP 500',
      'cuota agotada',
      'respuesta vacía',
      'ilegible',
      'tiempo agotado',
      'flujo interrumpido',
      'tiempo agotado',
    ]
    for (const expected of expectations) {
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
