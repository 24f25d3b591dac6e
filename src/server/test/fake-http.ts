import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RecordedRequest = {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

export type FakeServer = {
  /** http://127.0.0.1:<port> */
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/**
 * A local HTTP server for tests that stand in for outside services (an external agent, an OpenAI-compatible
 * endpoint). Every request is recorded with its body before the handler runs; the handler gets the request's
 * position (0-based), so a test can answer 500 then 200.
 */
export async function startFakeServer(
  handler: (req: RecordedRequest, res: ServerResponse, index: number) => void | Promise<void>,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = []
  const open = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      const index = requests.push(recorded) - 1
      open.add(res)
      res.on('close', () => open.delete(res))
      Promise.resolve(handler(recorded, res, index)).catch(() => res.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      // A slow handler still holding a response must not keep the test waiting.
      for (const res of open) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}
