import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { drainable } from './drain'
import { collectWhenIdle } from './idle-collect'

/** A server's 'request' events and their responses' 'close', without sockets: what the drain counts. */
function fakeServer() {
  const server = new EventEmitter()
  const request = (url = '/api/search') => {
    const res = new EventEmitter()
    server.emit('request', { url }, res)
    return { end: () => res.emit('close') }
  }
  return { server: server as unknown as Server, request }
}

/** A fake server watched by collectWhenIdle with a one-second quiet spell, and the collection it calls. */
function watched() {
  const collect = vi.fn()
  const { server, request } = fakeServer()
  collectWhenIdle(drainable(server), { afterMs: 1000, collect })
  return { collect, request }
}

describe('collectWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('collects once when the server falls idle after requests, not during them', () => {
    const { collect, request } = watched()
    const a = request()
    const b = request()
    a.end()
    vi.advanceTimersByTime(5000)
    expect(collect).not.toHaveBeenCalled()
    b.end()
    vi.advanceTimersByTime(999)
    expect(collect).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(collect).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60_000)
    expect(collect).toHaveBeenCalledTimes(1)
  })

  it('waits for a quiet spell: a request before it elapses puts the collection off', () => {
    const { collect, request } = watched()
    request().end()
    vi.advanceTimersByTime(600)
    request().end()
    vi.advanceTimersByTime(600)
    expect(collect).not.toHaveBeenCalled()
    vi.advanceTimersByTime(400)
    expect(collect).toHaveBeenCalledTimes(1)
    request().end()
    vi.advanceTimersByTime(1000)
    expect(collect).toHaveBeenCalledTimes(2)
  })

  it('does not count an open event stream as activity', () => {
    const { collect, request } = watched()
    request('/api/events')
    request().end()
    vi.advanceTimersByTime(1000)
    expect(collect).toHaveBeenCalledTimes(1)
  })
})
