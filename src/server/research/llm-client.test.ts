import { afterEach, describe, expect, it } from 'vitest'
import type { FakeServer } from '../test/fake-http'
import { type FakeLlmReply, fakeLlmSettings, startFakeLlm } from '../test/fake-llm'
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
    // Each case at once, each its own request, answered by what the request asks for. Only the two silences wait for
    // the silence limit, so only they get a short one; the others keep the default (5 s), which a loaded machine
    // never reaches, so an HTTP 500 cannot read as 'tiempo agotado' because the reply was late (it did at 200 ms).
    const SILENCE_MS = 500
    const cases: { reply: FakeLlmReply; expected: string; timeoutMs?: number; seen?: string[] }[] = [
      { reply: { status: 500 }, expected: 'HTTP 500' },
      { reply: { rawSse: 'data: {"error":{"message":"cuota agotada"}}\n\n' }, expected: 'cuota agotada' },
      { reply: { rawSse: 'data: [DONE]\n\n' }, expected: 'respuesta vacía' },
      { reply: { rawSse: 'data: no-es-json\n\n' }, expected: 'ilegible' },
      { reply: { hang: true }, expected: 'tiempo agotado', timeoutMs: SILENCE_MS },
      {
        reply: { stream: ['El plazo ', 'es de', ' nunca llega'], cutAfter: 2 },
        expected: 'flujo interrumpido',
      },
      // Silent after its first piece: the limit counts from the last piece, not from the request.
      {
        reply: { stream: ['Empieza ', 'y se calla'], silentAfter: 1 },
        expected: 'tiempo agotado',
        timeoutMs: SILENCE_MS,
        seen: ['Empieza '],
      },
    ]
    server = await startFakeLlm((req) => {
      const { messages: sent } = JSON.parse(req.body) as { messages: { content: string }[] }
      return cases[Number(sent[0]!.content)]!.reply
    })
    const url = server.url
    const outcomes = await Promise.all(
      cases.map(async (c, i) => {
        const seen: string[] = []
        const error = await streamChat(
          fakeLlmSettings(url, c.timeoutMs ? { timeoutMs: c.timeoutMs } : {}),
          [{ role: 'user', content: String(i) }],
          { signal: signal(), onText: (t) => seen.push(t) },
        ).catch((e: unknown) => e)
        return { error, seen }
      }),
    )
    for (const [i, { error, seen }] of outcomes.entries()) {
      expect(error).toBeInstanceOf(LlmError)
      expect((error as Error).message).toContain(cases[i]!.expected)
      if (cases[i]!.seen) expect(seen).toEqual(cases[i]!.seen)
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
