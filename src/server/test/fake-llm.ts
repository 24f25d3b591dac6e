import type { ServerResponse } from 'node:http'
import type { LlmSettings } from '../research/llm-client'
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from './fake-http'

/**
 * A local OpenAI-compatible chat-completions server for tests: streams the given pieces as SSE chunks (one event
 * per piece, each event split across two writes, as networks do), then `[DONE]`. No test needs a real model.
 * `delayMs` waits before each piece (a slow model); `cutAfter` drops the connection after that many pieces (a model
 * server that dies mid-answer); `silentAfter` stops writing after that many pieces and keeps the connection open (a
 * model that stalls mid-answer, for as long as any timeout a test sets).
 */
export type FakeLlmReply =
  | { stream: string[]; delayMs?: number; cutAfter?: number; silentAfter?: number }
  | { json: string }
  | { status: number }
  | { hang: true }
  | { rawSse: string }

export async function startFakeLlm(
  reply: (req: RecordedRequest, index: number) => FakeLlmReply,
): Promise<FakeServer> {
  return startFakeServer(async (req, res, index) => {
    const r = reply(req, index)
    if ('status' in r) return sendJson(res, r.status, { error: { message: 'fallo simulado' } })
    if ('hang' in r) return
    if ('json' in r)
      return sendJson(res, 200, { choices: [{ message: { role: 'assistant', content: r.json } }] })
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    if ('rawSse' in r) return void res.end(r.rawSse)
    for (const [i, piece] of r.stream.entries()) {
      if (i === r.cutAfter) return void res.destroy()
      if (i === r.silentAfter) return
      if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs))
      const event = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`
      const half = Math.floor(event.length / 2)
      await write(res, event.slice(0, half))
      await write(res, event.slice(half))
    }
    res.end('data: [DONE]\n\n')
  })
}

function write(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve) => {
    res.write(text, () => setTimeout(resolve, 2))
  })
}

export function fakeLlmSettings(url: string, overrides: Partial<LlmSettings> = {}): LlmSettings {
  return {
    baseUrl: `${url}/v1`,
    apiKey: 'clave-de-prueba',
    model: 'modelo-falso',
    timeoutMs: 5000,
    rewriteQuery: false,
    ...overrides,
  }
}

/**
 * What the research agent asked the model, read back from the request body: the question and the numbered sources
 * as `sourcesMessage` (llm-answer.ts) writes them — '[3] Constitución Política del Perú, Artículo 112 (…) — CON-1993'.
 * A scripted model answers from it: cite the source it was given for an article, the first one, or none.
 */
export type ChatRequest = {
  system: string
  user: string
  /** The question after 'Pregunta: '; null for a request that is not an answer (the query rewrite). */
  question: string | null
  /** Each numbered source's first line, by its number. */
  sources: Map<number, string>
}

export function readChatRequest(body: string): ChatRequest {
  const messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages
  const system = messages.find((m) => m.role === 'system')?.content ?? ''
  const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? ''
  const sources = new Map<number, string>()
  for (const m of user.matchAll(/^\[(\d+)\] (.*)$/gm)) sources.set(Number(m[1]), m[2]!)
  return { system, user, question: /^Pregunta: (.*)$/m.exec(user)?.[1] ?? null, sources }
}

/** The number the request gave the source whose first line starts with `name`; null when it was not given. */
export function sourceNumber(request: ChatRequest, name: string): number | null {
  for (const [n, line] of request.sources) if (line.startsWith(name)) return n
  return null
}

/** A fake model scripted on what it was asked: the request read back, and its position among the requests. */
export function startScriptedLlm(
  script: (request: ChatRequest, index: number) => FakeLlmReply,
): Promise<FakeServer> {
  return startFakeLlm((req, index) => script(readChatRequest(req.body), index))
}
