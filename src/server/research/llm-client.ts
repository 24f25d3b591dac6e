/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure's compatible route, OpenRouter, Ollama, vLLM,
 * llama.cpp…), streamed over Server-Sent Events. Only what the research agent needs: text in, text out.
 */

export type LlmSettings = {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
  baseUrl: string
  apiKey: string | undefined
  model: string
  /** One call's limit; the run's signal bounds it too. */
  timeoutMs: number
  /** Let the model reword the question for retrieval first (a second call; off by default). */
  rewriteQuery: boolean
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }

export class LlmError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LlmError'
  }
}

type CallOptions = { signal: AbortSignal; fetch?: typeof fetch }

/** Splits an SSE byte stream into its events' data: `data:` lines joined by '\n', dispatched at a blank line. */
export function createSseParser() {
  let buffer = ''
  let data: string[] = []
  const lines = (flush: boolean): string[] => {
    const parts = buffer.split(/\r\n|\r|\n/)
    buffer = flush ? '' : (parts.pop() ?? '')
    const events: string[] = []
    for (const line of flush ? [...parts, ''] : parts) {
      if (line === '') {
        if (data.length) events.push(data.join('\n'))
        data = []
      } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
      // Comments (':'), 'event:', 'id:' and 'retry:' lines carry nothing the completions stream needs.
    }
    return events
  }
  return {
    push(chunk: string): string[] {
      buffer += chunk
      return lines(false)
    },
    end(): string[] {
      return lines(true)
    },
  }
}

type CompletionChunk = {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[]
  error?: { message?: unknown } | string
}

function errorText(chunk: CompletionChunk): string | null {
  if (!chunk.error) return null
  return typeof chunk.error === 'string' ? chunk.error : String(chunk.error.message ?? 'error')
}

async function post(
  settings: LlmSettings,
  body: object,
  options: CallOptions,
): Promise<{ response: Response; signal: AbortSignal }> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(settings.timeoutMs)])
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: settings.model, ...body }),
      signal,
    })
  } catch (error) {
    throw new LlmError(signal.aborted ? 'tiempo agotado' : `error de red: ${(error as Error).message}`)
  }
  if (!response.ok) {
    // The body may echo the request; only its first line, short, goes into the log.
    const detail = (await response.text().catch(() => '')).split('\n')[0]!.slice(0, 200)
    throw new LlmError(`HTTP ${response.status} ${detail}`)
  }
  return { response, signal }
}

/**
 * Streams a completion, calling `onText` with the whole text so far as chunks arrive. A server that ignores
 * `stream` and answers one JSON body is read too. Throws LlmError on any failure or an empty answer.
 */
export async function streamChat(
  settings: LlmSettings,
  messages: ChatMessage[],
  options: CallOptions & { onText: (textSoFar: string) => void },
): Promise<string> {
  const { response, signal } = await post(settings, { messages, stream: true, temperature: 0.2 }, options)
  let text = ''
  const read = (payload: string): boolean => {
    if (payload.trim() === '[DONE]') return true
    let chunk: CompletionChunk
    try {
      chunk = JSON.parse(payload) as CompletionChunk
    } catch {
      throw new LlmError('fragmento del flujo ilegible')
    }
    const error = errorText(chunk)
    if (error) throw new LlmError(error.slice(0, 200))
    const piece = chunk.choices?.[0]?.delta?.content ?? chunk.choices?.[0]?.message?.content
    if (typeof piece === 'string' && piece) {
      text += piece
      options.onText(text)
    }
    return false
  }
  try {
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      read(await response.text())
    } else if (response.body) {
      const parser = createSseParser()
      const decoder = new TextDecoder()
      let done = false
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (const payload of parser.push(decoder.decode(bytes, { stream: true }))) {
          done = read(payload)
          if (done) break
        }
        if (done) break
      }
      if (!done) for (const payload of parser.end()) if (read(payload)) break
    }
  } catch (error) {
    if (error instanceof LlmError) throw error
    throw new LlmError(signal.aborted ? 'tiempo agotado' : `flujo interrumpido: ${(error as Error).message}`)
  }
  if (!text.trim()) throw new LlmError('respuesta vacía')
  return text
}

/** One short completion, not streamed (the query rewrite). */
export async function completeChat(
  settings: LlmSettings,
  messages: ChatMessage[],
  options: CallOptions,
): Promise<string> {
  const { response } = await post(settings, { messages, stream: false, temperature: 0 }, options)
  let chunk: CompletionChunk
  try {
    chunk = (await response.json()) as CompletionChunk
  } catch {
    throw new LlmError('respuesta ilegible')
  }
  const content = chunk.choices?.[0]?.message?.content
  if (typeof content !== 'string' || !content.trim()) throw new LlmError('respuesta vacía')
  return content
}
