import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAllStores } from '../../lib/store-reset'
import { createStreamClient, type EventSourceLike, type StreamStatus } from './stream-client'

class FakeEventSource implements EventSourceLike {
  static made: FakeEventSource[] = []
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>()
  closed = false
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.made.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent)
  }
}

const sources = () => FakeEventSource.made
const last = () => FakeEventSource.made.at(-1)!
const partial = (text: string, session = 's-1') =>
  JSON.stringify({ type: 'partial', session_id: session, partial_answer: text })
const credits = (remaining: number) =>
  JSON.stringify({
    type: 'credits',
    summary: {
      remaining_credits: remaining,
      total_credits: 10,
      messages_sent: 0,
      updated_at: '2025-03-19T10:00:00.000Z',
      user_id: 'u1',
    },
  })

function client() {
  return createStreamClient({ createEventSource: (url) => new FakeEventSource(url) })
}

beforeEach(() => {
  FakeEventSource.made = []
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('realtime stream client', () => {
  it('opens one connection for many subscribers and hands each event to those of its type', () => {
    const stream = client()
    stream.setUser('u1')
    const first = vi.fn()
    const second = vi.fn()
    const onCredits = vi.fn()
    stream.subscribe('partial', first)
    stream.subscribe('partial', second)
    stream.subscribe('credits', onCredits)
    expect(sources()).toHaveLength(1)
    expect(last().url).toBe('/api/events')

    last().emit('open')
    last().emit('partial', partial('hola'))
    const expected = { type: 'partial', session_id: 's-1', partial_answer: 'hola' }
    expect(first).toHaveBeenCalledWith(expected)
    expect(second).toHaveBeenCalledWith(expected)
    expect(onCredits).not.toHaveBeenCalled()
    last().emit('credits', credits(4))
    expect(onCredits).toHaveBeenCalledWith(expect.objectContaining({ type: 'credits' }))
    expect(first).toHaveBeenCalledTimes(1)
    expect(sources()).toHaveLength(1)
  })

  it('connects only while a user is signed in', () => {
    const stream = client()
    stream.subscribe('partial', vi.fn())
    expect(sources()).toHaveLength(0)
    expect(stream.getStatus()).toBe('idle')
    stream.setUser('u1')
    expect(sources()).toHaveLength(1)
    expect(stream.getStatus()).toBe('connecting')
    stream.setUser('u1')
    expect(sources()).toHaveLength(1)
  })

  it('ignores malformed events with a warning and keeps delivering good ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const stream = client()
    stream.setUser('u1')
    const onPartial = vi.fn()
    const onCredits = vi.fn()
    stream.subscribe('partial', onPartial)
    stream.subscribe('credits', onCredits)
    last().emit('partial', 'no es json')
    last().emit('partial', JSON.stringify({ type: 'partial', session_id: 's-1' }))
    last().emit('credits', JSON.stringify({ type: 'credits', summary: { remaining_credits: '4' } }))
    // The event name and the payload's type must agree.
    last().emit('credits', partial('disfrazado'))
    expect(warn).toHaveBeenCalledTimes(4)
    expect(onPartial).not.toHaveBeenCalled()
    expect(onCredits).not.toHaveBeenCalled()
    last().emit('partial', partial('bien'))
    expect(onPartial).toHaveBeenCalledOnce()
  })

  it('reconnects after errors with 1, 2, 5 and 10 s, stays at 10 s, and starts over after an open', () => {
    const stream = client()
    const statuses: StreamStatus[] = []
    stream.onStatus((s) => statuses.push(s))
    stream.setUser('u1')
    stream.subscribe('partial', vi.fn())

    const waits: number[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const failing = last()
      failing.emit('error')
      expect(failing.closed).toBe(true)
      const before = sources().length
      let waited = 0
      while (sources().length === before) {
        vi.advanceTimersByTime(100)
        waited += 100
        if (waited > 60_000) throw new Error('no reconectó')
      }
      waits.push(waited)
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000])

    last().emit('open')
    expect(stream.getStatus()).toBe('open')
    last().emit('error')
    vi.advanceTimersByTime(999)
    const count = sources().length
    vi.advanceTimersByTime(1)
    expect(sources()).toHaveLength(count + 1)
    expect(statuses.slice(0, 3)).toEqual(['connecting', 'waiting', 'connecting'])
  })

  it('ignores events and errors of a connection it has already replaced', () => {
    const stream = client()
    stream.setUser('u1')
    const onPartial = vi.fn()
    stream.subscribe('partial', onPartial)
    const old = last()
    old.emit('error')
    vi.advanceTimersByTime(1000)
    expect(sources()).toHaveLength(2)
    old.emit('partial', partial('tarde'))
    old.emit('error')
    vi.advanceTimersByTime(60_000)
    expect(onPartial).not.toHaveBeenCalled()
    expect(sources()).toHaveLength(2)
  })

  it('closes on sign-out, cancels a pending reconnection, and opens a fresh connection for the next user', () => {
    const stream = client()
    stream.setUser('u1')
    const onPartial = vi.fn()
    stream.subscribe('partial', onPartial)
    const first = last()
    first.emit('error')
    stream.setUser(null)
    vi.advanceTimersByTime(60_000)
    expect(sources()).toHaveLength(1)
    expect(stream.getStatus()).toBe('idle')

    stream.setUser('u2')
    expect(sources()).toHaveLength(2)
    const second = last()
    stream.setUser('u3')
    expect(second.closed).toBe(true)
    expect(sources()).toHaveLength(3)
    second.emit('partial', partial('de u2'))
    expect(onPartial).not.toHaveBeenCalled()
  })

  it('outlives its last subscriber briefly, so a page change does not reconnect', () => {
    const stream = createStreamClient({
      createEventSource: (url) => new FakeEventSource(url),
      idleCloseMs: 5000,
    })
    stream.setUser('u1')
    const off = stream.subscribe('partial', vi.fn())
    off()
    off()
    vi.advanceTimersByTime(4000)
    stream.subscribe('credits', vi.fn())()
    vi.advanceTimersByTime(4000)
    const again = stream.subscribe('partial', vi.fn())
    expect(sources()).toHaveLength(1)
    expect(last().closed).toBe(false)
    again()
    vi.advanceTimersByTime(5000)
    expect(last().closed).toBe(true)
    expect(stream.getStatus()).toBe('idle')
  })

  it('keeps delivering when one handler throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const stream = client()
    stream.setUser('u1')
    stream.subscribe('partial', () => {
      throw new Error('roto')
    })
    const after = vi.fn()
    stream.subscribe('partial', after)
    last().emit('partial', partial('x'))
    expect(after).toHaveBeenCalledOnce()
    expect(error).toHaveBeenCalledOnce()
  })

  it("closes the tab's shared stream when the stores reset (sign-out, another user)", async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    try {
      const { realtimeStream } = await import('./stream')
      realtimeStream.setUser('u1')
      const off = realtimeStream.subscribe('partial', vi.fn())
      expect(last().url).toBe('/api/events')
      expect(last().init).toEqual({ withCredentials: true })
      resetAllStores()
      expect(last().closed).toBe(true)
      expect(realtimeStream.getStatus()).toBe('idle')
      off()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
