import { EventSourceParserStream } from 'eventsource-parser/stream'

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure's compatible route, OpenRouter, Ollama, vLLM,
 * llama.cpp…), streamed over Server-Sent Events. Only what the research agent needs: text in, text out. The SSE
 * framing is read by eventsource-parser (docs/decisions/0017), not by hand.
 */

export type LlmSettings = {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
  baseUrl: string
  apiKey: string | undefined
  model: string
  /**
   * The longest wait for the model: for its first byte, then between two pieces of a streamed answer (a whole
   * non-streamed call). A slow model that keeps writing is bounded only by the run's signal (AGENT_TIMEOUT_MS).
   */
  timeoutMs: number
  /** Let the model reword the question for retrieval first (a second call; off by default). */
  rewriteQuery: boolean
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }

export class LlmError extends Error {
  /**
   * The model said nothing in time (LLM_TIMEOUT_MS) or nothing at all, as against a failure it reported or a cut
   * connection: an operator tells a slow or overloaded model from a broken one (eval:answers -- --llm counts both).
   */
  readonly silent: boolean
  constructor(message: string, options: { silent?: boolean } = {}) {
    super(message)
    this.name = 'LlmError'
    this.silent = options.silent ?? false
  }
}

/** The error for a wait that ran out: the silence timer's, or the caller's signal. */
const timedOut = () => new LlmError('tiempo agotado', { silent: true })

type CallOptions = { signal: AbortSignal; fetch?: typeof fetch }

type CompletionChunk = {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[]
  error?: { message?: unknown } | string
}

function errorText(chunk: CompletionChunk): string | null {
  if (!chunk.error) return null
  return typeof chunk.error === 'string' ? chunk.error : String(chunk.error.message ?? 'error')
}

/**
 * A timer that aborts when the model has been silent for `ms`: armed at the request, re-armed at each piece, so a
 * model that writes slowly but steadily is never cut by it.
 */
function silenceTimer(ms: number) {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => controller.abort(), ms)
  }
  arm()
  return { signal: controller.signal, arm, stop: () => clearTimeout(timer) }
}

async function post(settings: LlmSettings, body: object, options: CallOptions, signal: AbortSignal) {
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
    if (signal.aborted) throw timedOut()
    throw new LlmError(`error de red: ${(error as Error).message}`)
  }
  if (!response.ok) {
    // The body may echo the request; only its first line, short, goes into the log.
    const detail = (await response.text().catch(() => '')).split('\n')[0]!.slice(0, 200)
    throw new LlmError(`HTTP ${response.status} ${detail}`)
  }
  return response
}

/**
 * Streams a completion, calling `onText` with the whole text so far as pieces arrive. A server that ignores
 * `stream` and answers one JSON body is read too. `stopWhen` ends the reading early (the caller has seen enough;
 * the text so far is the answer). Throws LlmError on any failure (the connection cut mid-stream
 * too) or an empty answer.
 */
export async function streamChat(
  settings: LlmSettings,
  messages: ChatMessage[],
  options: CallOptions & { onText: (textSoFar: string) => void; stopWhen?: (textSoFar: string) => boolean },
): Promise<string> {
  const silence = silenceTimer(settings.timeoutMs)
  const signal = AbortSignal.any([options.signal, silence.signal])
  let text = ''
  /** Reads one event's data; true when the stream is over ([DONE], or the caller stops). */
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
      return options.stopWhen?.(text) ?? false
    }
    return false
  }
  try {
    const response = await post(settings, { messages, stream: true, temperature: 0.2 }, options, signal)
    silence.arm()
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      read(await response.text())
    } else if (response.body) {
      const events = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader()
      try {
        for (;;) {
          const { done, value } = await events.read()
          if (done) break
          silence.arm()
          if (read(value.data)) break
        }
      } finally {
        // Stopping early (or failing) must not leave the connection open.
        await events.cancel().catch(() => {})
      }
    }
  } catch (error) {
    if (error instanceof LlmError) throw error
    if (signal.aborted) throw timedOut()
    throw new LlmError(`flujo interrumpido: ${(error as Error).message}`)
  } finally {
    silence.stop()
  }
  if (!text.trim()) throw new LlmError('respuesta vacía', { silent: true })
  return text
}

/** One short completion, not streamed (the query rewrite). */
export async function completeChat(
  settings: LlmSettings,
  messages: ChatMessage[],
  options: CallOptions,
): Promise<string> {
  // Not streamed: the whole call is one wait, bounded by the same limit.
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(settings.timeoutMs)])
  const response = await post(settings, { messages, stream: false, temperature: 0 }, options, signal)
  let chunk: CompletionChunk
  try {
    chunk = (await response.json()) as CompletionChunk
  } catch {
    if (signal.aborted) throw timedOut()
    throw new LlmError('respuesta ilegible')
  }
  const content = chunk.choices?.[0]?.message?.content
  if (typeof content !== 'string' || !content.trim()) throw new LlmError('respuesta vacía', { silent: true })
  return content
}
