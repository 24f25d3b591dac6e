/** One Server-Sent Events message as a test reads it: a comment block has only `comment`. */
export type SseMessage = { event?: string; data?: string; retry?: number; comment?: string }

function parseBlock(block: string): SseMessage {
  const message: SseMessage = {}
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim()
    else if (line.startsWith('event: ')) message.event = line.slice(7)
    else if (line.startsWith('data: '))
      message.data = message.data === undefined ? line.slice(6) : `${message.data}\n${line.slice(6)}`
    else if (line.startsWith('retry: ')) message.retry = Number(line.slice(7))
  }
  return message
}

/**
 * Reads an event-stream response message by message. `until` waits for a message matching the predicate
 * (failing after `timeoutMs`, with what it saw); `seen` keeps every message read so far; `cancel` hangs up.
 */
export function readSse(response: Response) {
  if (!response.body) throw new Error('respuesta sin cuerpo')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | undefined
  const seen: SseMessage[] = []

  /** The next message, or null when the stream ended. */
  async function next(): Promise<SseMessage | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const message = parseBlock(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        seen.push(message)
        return message
      }
      // A read abandoned by a timeout is still pending: take its result rather than reading past it.
      reading ??= reader.read()
      const { done, value } = await reading
      reading = undefined
      if (done) return null
      buffer += decoder.decode(value, { stream: true })
    }
  }

  async function until(match: (m: SseMessage) => boolean, timeoutMs = 10_000): Promise<SseMessage> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`sin el mensaje esperado; leídos: ${JSON.stringify(seen)}`)),
        timeoutMs,
      )
    })
    try {
      for (;;) {
        const message = await Promise.race([next(), timeout])
        if (message === null) throw new Error(`el flujo terminó; leídos: ${JSON.stringify(seen)}`)
        if (match(message)) return message
      }
    } finally {
      clearTimeout(timer)
    }
  }

  /** Reads until the stream ends (after the server closed it). */
  async function end(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('el flujo no terminó')), timeoutMs)
    })
    try {
      while ((await Promise.race([next(), timeout])) !== null) {}
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    next,
    until,
    end,
    seen,
    /** Parsed data of the messages of one event type read so far. */
    events: <T = unknown>(type: string): T[] =>
      seen.filter((m) => m.event === type).map((m) => JSON.parse(m.data ?? 'null') as T),
    cancel: () => reader.cancel().catch(() => {}),
  }
}
