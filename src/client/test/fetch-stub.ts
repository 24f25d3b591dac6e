import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * The server stood in for at the fetch boundary, for a test file: each test sets `server.answer` (what the
 * server says to a request) and reads what was sent in `server.fetch.mock.calls`. Called at the top of the file,
 * it installs the stub before each test and removes it after, with Testing Library's cleanup.
 */
export function stubFetch() {
  const server = {
    answer: (url: string, _init: RequestInit): Response => {
      throw new Error(`La prueba no preparó una respuesta para ${url}`)
    },
    fetch: vi.fn(async (url: string, init: RequestInit) => server.answer(url, init)),
  }
  beforeEach(() => vi.stubGlobal('fetch', server.fetch))
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    server.fetch.mockClear()
  })
  return server
}
