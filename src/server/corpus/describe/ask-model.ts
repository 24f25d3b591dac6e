import { type ChatMessage, completeChat, type LlmSettings } from '../../research/llm-client'

export type Asked<T> = { value: T } | { reason: string } | 'interrupted'

/**
 * One prompt to the model, asked once more when the answer does not parse (the model is told why); a model
 * failure is retried once too. Interrupted when the signal aborts the call.
 */
export async function askModel<T>(
  llm: LlmSettings,
  prompt: string,
  parse: (text: string) => { ok: true; value: T } | { ok: false; reason: string },
  retry: (reason: string) => string,
  signal: AbortSignal,
  fetchImpl: typeof fetch | undefined,
): Promise<Asked<T>> {
  const messages: ChatMessage[] = [{ role: 'user', content: prompt }]
  let reason = ''
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string
    try {
      text = await completeChat(llm, messages, { signal, fetch: fetchImpl })
    } catch (error) {
      if (signal.aborted) return 'interrupted'
      reason = `el modelo falló: ${(error as Error).message}`
      continue
    }
    const parsed = parse(text)
    if (parsed.ok) return { value: parsed.value }
    reason = parsed.reason
    messages.push({ role: 'assistant', content: text }, { role: 'user', content: retry(reason) })
  }
  return { reason: `${reason} (tras reintentar)` }
}

/**
 * Asks for every job with a few calls at a time; `done` and `failed` hear of each answer, with how many are
 * finished. A Ctrl-C (the signal) starts no new job; the jobs never started or interrupted are counted pending.
 */
export async function askEach<J, T>(
  jobs: J[],
  opts: { concurrency?: number; signal: AbortSignal },
  ask: (job: J) => Promise<Asked<T>>,
  done: (job: J, value: T, finished: number) => void,
  failed: (job: J, reason: string, finished: number) => void,
): Promise<{ pending: number }> {
  let next = 0
  let finished = 0
  let pending = 0
  const worker = async () => {
    while (next < jobs.length && !opts.signal.aborted) {
      const job = jobs[next++]!
      const asked = await ask(job)
      if (asked === 'interrupted') {
        pending++
        continue
      }
      finished++
      if ('reason' in asked) failed(job, asked.reason, finished)
      else done(job, asked.value, finished)
    }
  }
  const workers = Math.max(1, Math.min(opts.concurrency ?? 2, jobs.length))
  await Promise.all(Array.from({ length: workers }, worker))
  return { pending: pending + jobs.length - next }
}
